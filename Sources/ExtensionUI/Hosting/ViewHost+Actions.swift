import Foundation

extension ViewHost {
    /// Applies what the person did; the snapshot after it, or why it could not apply (then
    /// nothing changed).
    @discardableResult
    package func perform(_ action: ViewAction) throws(ViewActionError) -> ViewSnapshot {
        applying = true
        defer { applying = false }
        switch action {
        case .tap, .edit, .toggle, .press:
            // UIKit's alert is modal: nothing behind it can be reached.
            if presentedAlert != nil {
                throw ViewActionError(.alertShown, "an alert is shown; \(action) waits until one of its actions is chosen")
            }
        case .chooseAlertAction, .editAlertField:
            break
        }
        switch action {
        case .chooseAlertAction(let index):
            let alert = try alertShown()
            guard alert.actions.indices.contains(index) else {
                throw ViewActionError(.noSuchAction, "the alert has no action \(index) (it has \(alert.actions.count))")
            }
            let chosen = alert.actions[index]
            guard chosen.isEnabled else { throw ViewActionError(.disabled, "the alert's action \"\(chosen.title ?? "")\" is disabled") }
            alert.choose(chosen)
        case .editAlertField(let index, let text):
            let fields = try alertShown().textFields ?? []
            guard fields.indices.contains(index) else {
                throw ViewActionError(.noSuchAction, "the alert has no text field \(index) (it has \(fields.count))")
            }
            fields[index].personEdited(text)
        case .tap(let id):
            switch registry.object(id) {
            case let button as UIButton:
                guard button.isEnabled else { throw ViewActionError(.disabled, "the button \"\(button.currentTitle ?? "")\" is disabled") }
                button.choose()
            case let item as UIBarButtonItem:
                guard item.isEnabled else { throw ViewActionError(.disabled, "the bar button \"\(item.title ?? "")\" is disabled") }
                item.choose()
            case nil:
                throw ViewActionError(.noSuchElement, "nothing shown has the identifier \(id)")
            case let other?:
                throw ViewActionError(.wrongKind, "element \(id) is a \(type(of: other)), not a button")
            }
        case .edit(let id, let text):
            switch registry.object(id) {
            case let field as UITextField: field.personEdited(text)
            case let textView as UITextView: textView.personEdited(text)
            case nil: throw ViewActionError(.noSuchElement, "nothing shown has the identifier \(id)")
            case let other?: throw ViewActionError(.wrongKind, "element \(id) is a \(type(of: other)), not a text field or text view")
            }
        case .press(let key):
            try press(key)
        case .toggle(let id, let isOn):
            switch registry.object(id) {
            case let toggle as UISwitch:
                guard toggle.isEnabled else { throw ViewActionError(.disabled, "the switch is disabled") }
                toggle.personToggled(isOn)
            case nil: throw ViewActionError(.noSuchElement, "nothing shown has the identifier \(id)")
            case let other?: throw ViewActionError(.wrongKind, "element \(id) is a \(type(of: other)), not a switch")
            }
        }
        return snapshot()
    }

    /// Hands a physical key to the visible controller (UIKit's responder chain), down and up.
    private func press(_ key: KeyPress) throws(ViewActionError) {
        let uiKey = UIKey(characters: key.characters, charactersIgnoringModifiers: key.charactersIgnoringModifiers,
                          modifierFlags: UIKeyModifierFlags(rawValue: key.modifiers), keyCode: UIKeyboardHIDUsage(rawValue: key.keyCode))
        let press = UIPress(phase: .began, key: uiKey)
        let down = UIPressesEvent(presses: [press])
        visibleController.pressesBegan([press], with: down)
        press.phase = .ended
        let up = UIPressesEvent(presses: [press])
        visibleController.pressesEnded([press], with: up)
        if down.reachedEndOfChain {
            throw ViewActionError(.notHandled, "no responder took the key \(key.characters.debugDescription)")
        }
    }

    private func alertShown() throws(ViewActionError) -> UIAlertController {
        guard let alert = presentedAlert else { throw ViewActionError(.noAlert, "no alert is presented") }
        return alert
    }
}

/// Stable identifiers for the views and bar buttons a snapshot shows, so that an action
/// names the object it was shown for; an object that went away is not found.
@MainActor
final class ViewRegistry {
    private struct Entry {
        weak var object: AnyObject?
    }

    private var ids: [ObjectIdentifier: Int] = [:]
    private var entries: [Int: Entry] = [:]
    private var next = 1

    /// The identifier of `object`, given the first time it is shown.
    func id(of object: AnyObject) -> Int {
        let key = ObjectIdentifier(object)
        if let id = ids[key], entries[id]?.object === object { return id }
        let id = next
        next += 1
        ids[key] = id
        entries[id] = Entry(object: object)
        return id
    }

    /// The object with identifier `id`, if it still exists.
    func object(_ id: Int) -> AnyObject? {
        entries[id]?.object
    }
}
