// FileProvider: NSFileProviderExtension, NSFileProviderItem, NSFileProviderEnumerator,
// NSFileProviderManager, NSFileProviderError (FileProviders).
@_exported import FileProviders
@_exported import Foundation
