import ExtensionHost
import ExtensionUI
import Foundation
import Synchronization

/// The text field of `appex keyboard try`: the app a keyboard types into. It applies the
/// keyboard's edits as an IBus client would (commits, deletions in Unicode scalars, the
/// preedit) and the keys the keyboard leaves to it (direct input), and reports itself back
/// as a ``TextDocumentContext``.
final class TerminalTextField: TextInputClient {
    struct State: Sendable {
        var before: [Unicode.Scalar]
        var after: [Unicode.Scalar]
        var preedit = ""
        var preeditCursor = 0
        /// Said by the keyboard or about it (it failed, it asked for the next keyboard).
        var notices: [String] = []
        var wantsNextKeyboard = false
        var dismissed = false
    }

    private let state: Mutex<State>
    let documentIdentifier = UUID()
    let isSecure: Bool

    init(text: String, isSecure: Bool = false) {
        state = Mutex(State(before: Array(text.unicodeScalars), after: []))
        self.isSecure = isSecure
    }

    var snapshot: State { state.withLock { $0 } }
    var text: String { state.withLock { String(String.UnicodeScalarView($0.before + $0.after)) } }

    /// The field as the app reports it to the input method.
    var context: TextDocumentContext {
        state.withLock { state in
            TextDocumentContext(before: String(String.UnicodeScalarView(state.before)), after: String(String.UnicodeScalarView(state.after)),
                                documentIdentifier: documentIdentifier, textContentType: isSecure ? .password : nil)
        }
    }

    // MARK: TextInputClient

    func commit(_ text: String) {
        state.withLock { $0.before += text.unicodeScalars }
    }

    func deleteSurroundingText(offset: Int, count: Int) {
        state.withLock { state in
            // Only what lies before the insertion point is deleted this way (a keyboard's deleteBackward).
            guard offset < 0 else { return }
            let start = max(0, state.before.count + offset)
            let end = min(state.before.count, start + count)
            state.before.removeSubrange(start..<end)
        }
    }

    func updatePreedit(_ text: String, cursor: Int) {
        state.withLock {
            $0.preedit = text
            $0.preeditCursor = cursor
        }
    }

    func forward(_ key: KeyPress) {
        state.withLock { state in
            switch UIKeyboardHIDUsage(rawValue: key.keyCode) {
            case .keyboardDeleteOrBackspace: if !state.before.isEmpty { state.before.removeLast() }
            case .keyboardLeftArrow: if let last = state.before.popLast() { state.after.insert(last, at: 0) }
            case .keyboardRightArrow: if !state.after.isEmpty { state.before.append(state.after.removeFirst()) }
            case .keyboardReturnOrEnter: state.before.append("\n")
            case .keyboardEscape: break
            default: state.before += key.characters.unicodeScalars
            }
        }
    }

    func advanceToNextInputMode() {
        state.withLock {
            $0.wantsNextKeyboard = true
            $0.notices.append("the keyboard asked for the next keyboard: keys now go straight to the field")
        }
    }

    func dismissKeyboard() {
        state.withLock {
            $0.dismissed = true
            $0.notices.append("the keyboard put itself away: keys now go straight to the field")
        }
    }

    func keyboardFailed(_ message: String) {
        state.withLock { $0.notices.append(message) }
    }
}
