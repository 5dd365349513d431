import ExtensionHost
import ExtensionUI
import Synchronization

/// An app's text field for tests: every call a keyboard's edits became, in order.
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

    private let recorded = Mutex<[Call]>([])

    public init() {}

    /// The calls so far, in order.
    public var calls: [Call] { recorded.withLock { $0 } }

    public func commit(_ text: String) { record(.commit(text)) }
    public func deleteSurroundingText(offset: Int, count: Int) { record(.delete(offset: offset, count: count)) }
    public func updatePreedit(_ text: String, cursor: Int) { record(.preedit(text, cursor: cursor)) }
    public func forward(_ key: KeyPress) { record(.forward(key)) }
    public func advanceToNextInputMode() { record(.nextInputMode) }
    public func dismissKeyboard() { record(.dismiss) }
    public func keyboardFailed(_ message: String) { record(.failed(message)) }

    private func record(_ call: Call) {
        recorded.withLock { $0.append(call) }
    }
}
