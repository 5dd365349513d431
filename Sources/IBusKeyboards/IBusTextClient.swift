import ExtensionHost
import ExtensionUI
import KeyboardIBus

/// The app's field behind IBus: a keyboard's edits as the engine's calls to the client
/// (`commit_text`, `delete_surrounding_text`, the preedit, forwarded keys); a failure said
/// once in the auxiliary text.
struct IBusTextClient: TextInputClient {
    let client: any InputMethodClient

    func commit(_ text: String) { client.commit(text) }
    func deleteSurroundingText(offset: Int, count: Int) { client.deleteSurroundingText(offset: offset, count: count) }
    func updatePreedit(_ text: String, cursor: Int) { client.updatePreedit(text, cursor: cursor, visible: !text.isEmpty) }
    func forward(_ key: KeyPress) { client.forward(key.ibusKey) }

    func advanceToNextInputMode() {
        // An engine cannot choose the next input method: IBus's own switcher does.
        client.showAuxiliaryText("Next input method: Super+Space")
    }

    func dismissKeyboard() {
        client.updatePreedit("", cursor: 0, visible: false)
    }

    func keyboardFailed(_ message: String) {
        client.showAuxiliaryText(message)
    }
}
