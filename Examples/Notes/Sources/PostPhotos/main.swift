import ExtensionRuntime

// The principal class has its own interface: the page named by AppexWebInterfacePage
// (Resources/Interface/index.html), shown by the web share sheet in a sandboxed frame.
ExtensionMain.run(webInterface: { PhotoPost() })
