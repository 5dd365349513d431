import ExtensionWire
import FileProviders
import Foundation
import Synchronization

/// Collects one page of an enumerator's items, as the host receives them; the first ending
/// counts.
final class PageObserver: NSFileProviderEnumerationObserver {
    /// The most items one page may hold: more is the provider's mistake, not a bigger page.
    static let maximumItems = 20_000

    private struct State {
        var items: [WireProviderItem] = []
        var ending: Result<NSFileProviderPage?, any Error>?
        var waiter: CheckedContinuation<Page, Never>?
    }
    private let state = Mutex(State())

    var suggestedPageSize: Int { 1000 }

    /// A page's items and where the next page starts, or why the listing failed.
    typealias Page = Result<([WireProviderItem], NSFileProviderPage?), any Error>

    /// Resumes `continuation` when the enumeration ends; call it before the enumeration starts.
    func waiting(_ continuation: CheckedContinuation<Page, Never>) {
        state.withLock { $0.waiter = continuation }
    }

    func didEnumerate(_ updatedItems: [NSFileProviderItem]) {
        let converted = updatedItems.map(WireProviderItem.init)
        let tooMany = state.withLock { state -> Bool in
            guard state.ending == nil else { return false }
            state.items += converted
            return state.items.count > Self.maximumItems
        }
        if tooMany {
            end(.failure(NSFileProviderError(.cannotSynchronize, userInfo: [
                NSLocalizedDescriptionKey: "the enumerator gave more than \(Self.maximumItems) items in one page"])))
        }
    }

    func finishEnumerating(upTo nextPage: NSFileProviderPage?) { end(.success(nextPage)) }

    func finishEnumeratingWithError(_ error: Error) { end(.failure(error)) }

    private func end(_ ending: Result<NSFileProviderPage?, any Error>) {
        let (waiter, result) = state.withLock { state -> (CheckedContinuation<Page, Never>?, Page) in
            guard state.ending == nil else { return (nil, .success(([], nil))) }
            state.ending = ending
            defer { state.waiter = nil }
            return (state.waiter, ending.map { (state.items, $0) })
        }
        waiter?.resume(returning: result)
    }
}

extension WireProviderItem {
    /// The types a folder has: `public.folder` and `public.directory`, and the system's
    /// folder-like types that conform to them (UTType's registry is not consulted here:
    /// building it on a listing's thread overflowed a dispatch thread's stack).
    static let folderTypes: Set<String> = ["public.folder", "public.directory", "public.volume", "com.apple.mount-point",
                                           "public.symlink-folder", "com.apple.package", "com.apple.bundle"]

    /// The facts of `item` the host uses, read once.
    init(_ item: NSFileProviderItem) {
        let type = item.typeIdentifier
        let isFolder = Self.folderTypes.contains(type)
        self.init(identifier: item.itemIdentifier.rawValue, parent: item.parentItemIdentifier.rawValue, filename: item.filename,
                  typeIdentifier: type, isFolder: isFolder, capabilities: Int(truncatingIfNeeded: item.capabilities.rawValue),
                  size: item.documentSize.map { $0.int64Value }, childCount: item.childItemCount.map { $0.intValue },
                  created: item.creationDate?.timeIntervalSince1970, modified: item.contentModificationDate?.timeIntervalSince1970,
                  version: item.versionIdentifier)
    }
}
