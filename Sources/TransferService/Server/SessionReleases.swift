import ExtensionIPC
import Synchronization

/// Openers waiting for a background session's holder to let it go.
///
/// An extension that invalidates its session (or exits) closes its connection, and the
/// service sees that a moment later; an app opening the same identifier in that moment
/// should get the session, not -996. So an open that finds the session held waits, up to a
/// limit, for the holder's disconnection (``release(_:)``); a holder still there after it
/// is another live process, and the opener gets -996. Timers are the event loop's.
final class SessionReleases: Sendable {
    private struct State {
        var waiters: [TransferCoordinator.SessionKey: [Int: CheckedContinuation<Void, Never>]] = [:]
        var next = 0
    }

    private let state = Mutex(State())
    private let loop: EventLoop

    init(loop: EventLoop) {
        self.loop = loop
    }

    /// Returns when `key` is released or `limit` has passed, whichever is first.
    func wait(for key: TransferCoordinator.SessionKey, upTo limit: Duration) async {
        await withCheckedContinuation { continuation in
            let number = state.withLock { state in
                defer { state.next += 1 }
                state.waiters[key, default: [:]][state.next] = continuation
                return state.next
            }
            _ = loop.schedule(after: limit) { [self] in
                state.withLock { $0.waiters[key]?.removeValue(forKey: number) }?.resume()
            }
        }
    }

    /// The holder of `key` is gone: whoever waits for it goes on.
    func release(_ key: TransferCoordinator.SessionKey) {
        let waiting = state.withLock { $0.waiters.removeValue(forKey: key) } ?? [:]
        for continuation in waiting.values { continuation.resume() }
    }
}
