import ExtensionUI

/// What one of a keyboard's edits becomes for the app's field: the ``TextInputClient``
/// calls that make the app's text what the keyboard's own copy became.
///
/// `insertText` is a commit (hiding the composition it replaces); `deleteBackward` deletes
/// the character it removed, counted in Unicode scalars (IBus's unit: 👍🏽 is two), shortens
/// the composition, or — for a selection, or where the app reported no text — forwards
/// BackSpace; moving the insertion point forwards arrow keys (IBus has no call for it); the
/// marked text is the preedit, its cursor in scalars.
public enum TextInputDelivery {
    /// Tells `client` what `edit` did, given its `effect` on the host's copy, whose
    /// composition is now `composition`.
    public static func deliver(_ edit: TextInputEdit, effect: TextEditEffect, composition: String, to client: any TextInputClient) {
        switch edit {
        case .insert(let text):
            if !effect.replacedComposition.isEmpty { client.updatePreedit("", cursor: 0) }
            client.commit(text)
        case .deleteBackward:
            if effect.fromComposition {
                client.updatePreedit(composition, cursor: composition.unicodeScalars.count)
            } else if let removed = effect.removed, !effect.fromSelection {
                let count = removed.unicodeScalars.count
                client.deleteSurroundingText(offset: -count, count: count)
            } else {
                client.forward(.backspace)
            }
        case .adjustPosition(let offset):
            for _ in effect.moved.unicodeScalars { client.forward(offset < 0 ? .leftArrow : .rightArrow) }
        case .setMarkedText(let text, let location, _):
            let utf16 = text.utf16
            let end = utf16.index(utf16.startIndex, offsetBy: min(max(location, 0), utf16.count))
            let cursor = String(text.utf16[..<end]).map { $0.unicodeScalars.count } ?? text.unicodeScalars.count
            client.updatePreedit(text, cursor: cursor)
        case .unmarkText:
            client.updatePreedit("", cursor: 0)
            if !effect.replacedComposition.isEmpty { client.commit(effect.replacedComposition) }
        case .advanceToNextInputMode:
            client.advanceToNextInputMode()
        case .dismissKeyboard:
            client.dismissKeyboard()
        }
    }
}
