// AppExtensions: what host and extension share — ItemProvider, ExtensionItem,
// ExtensionContext — with Apple's names and meaning.
