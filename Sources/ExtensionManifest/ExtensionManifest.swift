// ExtensionManifest: what an extension declares (bundle, Info.plist, NSExtension,
// entitlements) and what it is offered (payloads), activation decisions with their
// explanations, and lint.
