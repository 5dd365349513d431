import Foundation

/// Lists a folder's items, and the changes since an anchor (Apple's
/// `NSFileProviderEnumerator`). The extension's ``NSFileProviderExtension/enumerator(for:)``
/// makes one per folder the mount lists; it is invalidated once the listing is done.
public protocol NSFileProviderEnumerator: AnyObject {
    /// The enumeration is over: stop any work for it.
    func invalidate()
    /// Lists the items from `page` on: `observer.didEnumerate(_:)` any number of times, then
    /// `finishEnumerating(upTo:)` with the next page, or `nil` at the end.
    func enumerateItems(for observer: NSFileProviderEnumerationObserver, startingAt page: NSFileProviderPage)
    /// Lists what changed since `anchor`: `didUpdate(_:)`, `didDeleteItems(withIdentifiers:)`,
    /// then `finishEnumeratingChanges(upTo:moreComing:)`. The default says the anchor
    /// expired, so the mount lists the folder again.
    func enumerateChanges(for observer: NSFileProviderChangeObserver, from anchor: NSFileProviderSyncAnchor)
    /// The anchor now; `nil` (the default) when the enumerator keeps no history.
    func currentSyncAnchor(completionHandler: @escaping (NSFileProviderSyncAnchor?) -> Void)
}

extension NSFileProviderEnumerator {
    public func enumerateChanges(for observer: NSFileProviderChangeObserver, from anchor: NSFileProviderSyncAnchor) {
        observer.finishEnumeratingWithError(NSFileProviderError(.syncAnchorExpired))
    }

    public func currentSyncAnchor(completionHandler: @escaping (NSFileProviderSyncAnchor?) -> Void) {
        completionHandler(nil)
    }
}

/// Receives a folder's items (Apple's `NSFileProviderEnumerationObserver`). Its methods may
/// be called from any thread, once the enumeration has begun.
public protocol NSFileProviderEnumerationObserver: AnyObject, Sendable {
    /// Some of the items.
    func didEnumerate(_ updatedItems: [NSFileProviderItem])
    /// The page is done; `nextPage` is where the next one starts, `nil` at the end.
    func finishEnumerating(upTo nextPage: NSFileProviderPage?)
    /// The listing failed.
    func finishEnumeratingWithError(_ error: Error)
    /// How many items the host would like a page to hold.
    var suggestedPageSize: Int { get }
}

/// Receives the changes since an anchor (Apple's `NSFileProviderChangeObserver`). Its
/// methods may be called from any thread.
public protocol NSFileProviderChangeObserver: AnyObject, Sendable {
    /// Items added or changed.
    func didUpdate(_ updatedItems: [NSFileProviderItem])
    /// Items gone.
    func didDeleteItems(withIdentifiers deletedItemIdentifiers: [NSFileProviderItemIdentifier])
    /// Done up to `anchor`; `moreComing` when the host should ask again from there.
    func finishEnumeratingChanges(upTo anchor: NSFileProviderSyncAnchor, moreComing: Bool)
    /// The changes cannot be listed (``NSFileProviderError/Code/syncAnchorExpired``: list
    /// the folder again).
    func finishEnumeratingWithError(_ error: Error)
    /// How many items the host would like one call to hold.
    var suggestedBatchSize: Int { get }
}
