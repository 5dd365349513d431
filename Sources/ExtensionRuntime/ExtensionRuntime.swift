// ExtensionRuntime
