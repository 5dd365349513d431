import Foundation
import Synchronization

/// The provider's link to the system (Apple's `NSFileProviderManager`): where its files
/// live, and how it says a folder changed.
///
/// ```swift
/// // The server said a note changed: the mount lists the folder again.
/// NSFileProviderManager.default.signalEnumerator(for: .rootContainer) { _ in }
/// ```
public final class NSFileProviderManager: Sendable {
    /// The manager of the running provider.
    public static let `default` = NSFileProviderManager()

    /// The folder the provider keeps its files in: `File Provider Storage` in the app
    /// group its Info.plist names (`NSExtensionFileProviderDocumentGroup`), as on iOS.
    public var documentStorageURL: URL { link.withLock { $0.storage } }
    /// The provider's bundle identifier.
    public var providerIdentifier: String { link.withLock { $0.identifier } }

    /// Tells the system that what `containerItemIdentifier` holds changed: the host drops
    /// what it remembers of that folder (and of the item itself) and lists it again when
    /// next asked. `completionHandler` runs once the host has been told, with an error
    /// when it could not be (no host).
    public func signalEnumerator(for containerItemIdentifier: NSFileProviderItemIdentifier,
                                 completionHandler: @escaping @Sendable (Error?) -> Void) {
        guard let signal = link.withLock({ $0.signal }) else {
            completionHandler(NSFileProviderError(.providerNotFound, userInfo: [
                NSLocalizedDescriptionKey: "this process is not a file provider started by its host"]))
            return
        }
        signal(containerItemIdentifier, completionHandler)
    }

    /// The runtime's side: what the host said about this provider, and how a signal reaches it.
    package typealias Signal = @Sendable (NSFileProviderItemIdentifier, @escaping @Sendable (Error?) -> Void) -> Void

    /// Connects the manager to its host (the extension runtime calls it once, at start).
    package func connect(storage: URL, identifier: String, signal: @escaping Signal) {
        link.withLock { $0 = Link(storage: storage, identifier: identifier, signal: signal) }
    }

    private struct Link: Sendable {
        var storage: URL
        var identifier: String
        var signal: Signal?
    }

    private let link = Mutex(Link(storage: FileManager.default.temporaryDirectory.appendingPathComponent("File Provider Storage"),
                                  identifier: "", signal: nil))

    private init() {}
}
