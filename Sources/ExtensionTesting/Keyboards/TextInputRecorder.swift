import ExtensionHost
import ExtensionUI
import Synchronization

/// An app's text field for tests: every call a keyboard's edits became, in order, and the
/// text before the insertion point they leave (commits and deletions applied there).
public final class TextInputRecorder: TextInputClient {
    /// One call.
    public enum Call: Hashable, Sendable {
        case commit(String)
        case delete(offset: Int, count: Int)
        case preedit(String, cursor: Int)
        case forward(KeyPress)
        case nextInputMode
        case dismiss
        case failed(String)
    }

    private struct Recorded {
        var calls: [Call] = []
        var before: [Unicode.Scalar]
        /// Who waits for the text to become what: resumed on the change that makes it so.
        var waiters: [Int: (text: String, continuation: CheckedContinuation<Bool, Never>)] = [:]
        var nextWaiter = 0
    }

    private let recorded: Mutex<Recorded>

    /// A field holding `before` ahead of the insertion point.
    public init(before: String = "") {
        recorded = Mutex(Recorded(before: Array(before.unicodeScalars)))
    }

    /// Waits until the text before the insertion point is `expected` (the edits that make it
    /// so may come from another task: a click in a panel, a key through IBus); `false` when
    /// `limit` passes first or the waiting task is cancelled.
    public func waitForText(_ expected: String, within limit: Duration) async -> Bool {
        let id = recorded.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await withTaskCancellationHandler {
                    await withCheckedContinuation { continuation in
                        let now = self.recorded.withLock { state -> Bool? in
                            if Self.text(of: state) == expected { return true }
                            if Task.isCancelled { return false }
                            state.waiters[id] = (expected, continuation)
                            return nil
                        }
                        if let now { continuation.resume(returning: now) }
                    }
                } onCancel: {
                    self.recorded.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume(returning: false)
                }
            }
            // The deadline: a bound on the wait, not a schedule. Its sleep throws only when
            // the wait is cancelled, which ends the wait with `false` either way.
            group.addTask {
                try? await Task.sleep(for: limit)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    private static func text(of state: Recorded) -> String {
        String(String.UnicodeScalarView(state.before))
    }

    /// Resumes the waiters whose text the field now holds.
    private static func resumeWaiters(_ state: inout Recorded) {
        let text = text(of: state)
        for (id, waiter) in state.waiters where waiter.text == text {
            state.waiters.removeValue(forKey: id)
            waiter.continuation.resume(returning: true)
        }
    }

    /// The calls so far, in order.
    public var calls: [Call] { recorded.withLock { $0.calls } }

    /// The text before the insertion point now.
    public var text: String { recorded.withLock { Self.text(of: $0) } }

    /// What the field heard of the keyboard's failures.
    public var failures: [String] {
        calls.compactMap { if case .failed(let message) = $0 { message } else { nil } }
    }

    public func commit(_ text: String) {
        recorded.withLock {
            $0.calls.append(.commit(text))
            $0.before += text.unicodeScalars
            Self.resumeWaiters(&$0)
        }
    }

    public func deleteSurroundingText(offset: Int, count: Int) {
        recorded.withLock {
            $0.calls.append(.delete(offset: offset, count: count))
            if offset < 0, -offset == count { $0.before.removeLast(min(count, $0.before.count)) }
            Self.resumeWaiters(&$0)
        }
    }

    public func updatePreedit(_ text: String, cursor: Int) { record(.preedit(text, cursor: cursor)) }
    public func forward(_ key: KeyPress) { record(.forward(key)) }
    public func advanceToNextInputMode() { record(.nextInputMode) }
    public func dismissKeyboard() { record(.dismiss) }
    public func keyboardFailed(_ message: String) { record(.failed(message)) }

    private func record(_ call: Call) {
        recorded.withLock { $0.calls.append(call) }
    }
}
