import ExtensionHost
import ExtensionUI
import Synchronization

/// An app's text field for the tests: every call a keyboard's edits became, in order, and
/// the text they leave (commits and deletions applied at the insertion point).
final class RecordingTextClient: TextInputClient {
    enum Call: Hashable, Sendable {
        case commit(String)
        case delete(offset: Int, count: Int)
        case preedit(String, cursor: Int)
        case forward(KeyPress)
        case nextInputMode
        case dismiss
        case failed(String)
    }

    private let state: Mutex<(calls: [Call], before: [Unicode.Scalar])>

    /// A field holding `before` ahead of the insertion point.
    init(before: String = "") {
        state = Mutex(([], Array(before.unicodeScalars)))
    }

    var calls: [Call] { state.withLock { $0.calls } }
    /// The text before the insertion point now.
    var text: String { state.withLock { String(String.UnicodeScalarView($0.before)) } }
    var failures: [String] {
        calls.compactMap { if case .failed(let message) = $0 { message } else { nil } }
    }

    func commit(_ text: String) {
        state.withLock {
            $0.calls.append(.commit(text))
            $0.before += text.unicodeScalars
        }
    }

    func deleteSurroundingText(offset: Int, count: Int) {
        state.withLock {
            $0.calls.append(.delete(offset: offset, count: count))
            if offset < 0, -offset == count { $0.before.removeLast(min(count, $0.before.count)) }
        }
    }

    func updatePreedit(_ text: String, cursor: Int) { record(.preedit(text, cursor: cursor)) }
    func forward(_ key: KeyPress) { record(.forward(key)) }
    func advanceToNextInputMode() { record(.nextInputMode) }
    func dismissKeyboard() { record(.dismiss) }
    func keyboardFailed(_ message: String) { record(.failed(message)) }

    private func record(_ call: Call) {
        state.withLock { $0.calls.append(call) }
    }
}

extension KeyPress {
    /// The key typing `character` (a letter, a symbol), as a host reports it.
    static func typing(_ character: String, modifiers: UIKeyModifierFlags = []) -> KeyPress {
        KeyPress(characters: character, modifiers: modifiers, keyCode: .keyboardErrorUndefined)
    }

    static let physicalBackspace = KeyPress(characters: "\u{8}", keyCode: .keyboardDeleteOrBackspace)
}
