import ExtensionRuntime

// NSExtensionPrincipalClass is ShareViewController, as in the seed; Swift on Linux cannot
// make a class from its name, so the runtime gets a factory (docs/COMPOSE.md).
ExtensionMain.run(composeSheet: { ShareViewController() })
