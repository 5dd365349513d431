import Foundation

/// The principal class of a file provider (Apple's `NSFileProviderExtension`, iOS 11's
/// form): serves a storage service's files to every app, as a folder (docs/STORAGE-PROVIDERS.md).
///
/// Subclass it and override what the provider supports. The host calls these methods on
/// the main actor, one at a time; completion handlers may be called later, from anywhere,
/// and each counts once.
///
/// ```swift
/// final class FileProviderExtension: NSFileProviderExtension {
///     override func item(for identifier: NSFileProviderItemIdentifier) throws -> NSFileProviderItem { … }
///     override func urlForItem(withPersistentIdentifier identifier: NSFileProviderItemIdentifier) -> URL? { … }
///     override func startProvidingItem(at url: URL, completionHandler: @escaping (Error?) -> Void) { … }
///     override func enumerator(for containerItemIdentifier: NSFileProviderItemIdentifier) throws -> NSFileProviderEnumerator { … }
/// }
/// ```
@MainActor
open class NSFileProviderExtension: NSObject {
    /// Creates the provider; the host makes one per process.
    public override init() {
        super.init()
    }

    /// The folder the provider keeps its files in (``NSFileProviderManager/documentStorageURL``).
    public var documentStorageURL: URL { NSFileProviderManager.default.documentStorageURL }
    /// The provider's bundle identifier.
    public var providerIdentifier: String { NSFileProviderManager.default.providerIdentifier }

    // MARK: Items and their files

    /// The item with `identifier`; throws ``NSFileProviderError/Code/noSuchItem`` when there
    /// is none (the default).
    open func item(for identifier: NSFileProviderItemIdentifier) throws -> NSFileProviderItem {
        throw NSFileProviderError(.noSuchItem, userInfo: [NSLocalizedDescriptionKey: "no item has the identifier \(identifier.rawValue)"])
    }

    /// Where the item's file is, inside ``documentStorageURL`` (whether it is there yet or
    /// not); `nil` (the default) when the item has no file.
    open func urlForItem(withPersistentIdentifier identifier: NSFileProviderItemIdentifier) -> URL? {
        nil
    }

    /// The item whose file is at `url`; `nil` (the default) when none.
    open func persistentIdentifierForItem(at url: URL) -> NSFileProviderItemIdentifier? {
        nil
    }

    /// Writes a placeholder for the item at `url`. The mount never asks for one: a listing
    /// gives it the same facts. The default does nothing and succeeds.
    open func providePlaceholder(at url: URL, completionHandler: @escaping (Error?) -> Void) {
        completionHandler(nil)
    }

    /// Makes the item's file be at `url` (downloading it if need be), then calls
    /// `completionHandler`. The mount calls it when a program opens the file. The default
    /// succeeds when a file is already there.
    open func startProvidingItem(at url: URL, completionHandler: @escaping (Error?) -> Void) {
        completionHandler(FileManager.default.fileExists(atPath: url.path) ? nil
            : NSFileProviderError(.noSuchItem, userInfo: [NSLocalizedDescriptionKey: "nothing is at \(url.path)"]))
    }

    /// The file at `url` was written (a program closed it after writing): upload it.
    open func itemChanged(at url: URL) {}

    /// No program has the file at `url` open any more: the provider may remove it.
    open func stopProvidingItem(at url: URL) {}

    /// An enumerator of what `containerItemIdentifier` holds; the default throws
    /// ``NSFileProviderError/Code/noSuchItem``.
    open func enumerator(for containerItemIdentifier: NSFileProviderItemIdentifier) throws -> NSFileProviderEnumerator {
        throw NSFileProviderError(.noSuchItem, userInfo: [NSLocalizedDescriptionKey: "\(containerItemIdentifier.rawValue) cannot be listed"])
    }

    // MARK: Actions

    /// Makes a new item in `parentItemIdentifier` from the file at `fileURL` (its name is
    /// the item's name): a program made a file in the mount. The default refuses.
    open func importDocument(at fileURL: URL, toParentItemIdentifier parentItemIdentifier: NSFileProviderItemIdentifier,
                             completionHandler: @escaping (NSFileProviderItem?, Error?) -> Void) {
        completionHandler(nil, Self.unsupported("importDocument(at:toParentItemIdentifier:)"))
    }

    /// Makes a folder named `directoryName` in `parentItemIdentifier`. The default refuses.
    open func createDirectory(withName directoryName: String, inParentItemIdentifier parentItemIdentifier: NSFileProviderItemIdentifier,
                              completionHandler: @escaping (NSFileProviderItem?, Error?) -> Void) {
        completionHandler(nil, Self.unsupported("createDirectory(withName:inParentItemIdentifier:)"))
    }

    /// Renames the item. The default refuses.
    open func renameItem(withIdentifier itemIdentifier: NSFileProviderItemIdentifier, toName itemName: String,
                         completionHandler: @escaping (NSFileProviderItem?, Error?) -> Void) {
        completionHandler(nil, Self.unsupported("renameItem(withIdentifier:toName:)"))
    }

    /// Moves the item to another folder, renaming it when `newName` is given. The default refuses.
    open func reparentItem(withIdentifier itemIdentifier: NSFileProviderItemIdentifier,
                           toParentItemWithIdentifier parentItemIdentifier: NSFileProviderItemIdentifier, newName: String?,
                           completionHandler: @escaping (NSFileProviderItem?, Error?) -> Void) {
        completionHandler(nil, Self.unsupported("reparentItem(withIdentifier:toParentItemWithIdentifier:newName:)"))
    }

    /// Deletes the item (a folder with what it holds). The default refuses.
    open func deleteItem(withIdentifier itemIdentifier: NSFileProviderItemIdentifier, completionHandler: @escaping (Error?) -> Void) {
        completionHandler(Self.unsupported("deleteItem(withIdentifier:)"))
    }

    /// Cocoa's "feature unsupported" (3328), which the mount reports as `ENOTSUP`.
    nonisolated static func unsupported(_ method: String) -> NSError {
        NSError(domain: NSCocoaErrorDomain, code: CocoaError.featureUnsupported.rawValue,
                userInfo: [NSLocalizedDescriptionKey: "the provider does not implement \(method)"])
    }
}
