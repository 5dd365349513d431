// ExtensionRegistry
