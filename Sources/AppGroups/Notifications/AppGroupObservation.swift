/// A registration for cross-process notifications of an app group (shared defaults'
/// ``SharedDefaults/observe(_:)``, the inbox's ``ShareInbox/observeAppends(_:)``); the
/// observer stops when it is cancelled or released.
public final class AppGroupObservation: Sendable {
    private let watcher: FileWatcher

    init(watcher: FileWatcher) { self.watcher = watcher }

    /// Stops the deliveries. One already under way may still finish.
    public func cancel() { watcher.cancel() }

    deinit { watcher.cancel() }
}
