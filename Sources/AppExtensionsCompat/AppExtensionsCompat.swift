// AppExtensionsCompat: Apple's NS names (NSItemProvider, NSExtensionItem, …) over AppExtensions.
