// ExtensionWire
