// ExtensionTesting: build input items from fixtures and presets, run an extension's
// request handler, and return what it completed.
