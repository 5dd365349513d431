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

    private let recorded: Mutex<(calls: [Call], before: [Unicode.Scalar])>

    /// A field holding `before` ahead of the insertion point.
    public init(before: String = "") {
        recorded = Mutex(([], Array(before.unicodeScalars)))
    }

    /// The calls so far, in order.
    public var calls: [Call] { recorded.withLock { $0.calls } }

    /// The text before the insertion point now.
    public var text: String { recorded.withLock { String(String.UnicodeScalarView($0.before)) } }

    /// What the field heard of the keyboard's failures.
    public var failures: [String] {
        calls.compactMap { if case .failed(let message) = $0 { message } else { nil } }
    }

    public func commit(_ text: String) {
        recorded.withLock {
            $0.calls.append(.commit(text))
            $0.before += text.unicodeScalars
        }
    }

    public func deleteSurroundingText(offset: Int, count: Int) {
        recorded.withLock {
            $0.calls.append(.delete(offset: offset, count: count))
            if offset < 0, -offset == count { $0.before.removeLast(min(count, $0.before.count)) }
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
