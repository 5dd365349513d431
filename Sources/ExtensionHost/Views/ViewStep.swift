import ExtensionUI

/// One thing a person does on a view controller, named by what they see rather than by
/// an element's identifier: a scripted front end (`appex share --view-script`) and
/// ExtensionTesting's runners turn it into a ``ViewAction`` against the snapshot shown
/// (``ViewSnapshot/action(for:)``).
public enum ViewStep: Hashable, Sendable {
    /// Taps the button or bar button with this title.
    case tap(String)
    /// Replaces the text of the field or text view whose placeholder (else text) is this.
    case edit(String, text: String)
    /// Sets the switch with this label.
    case toggle(String, isOn: Bool)
    /// Chooses the presented alert's action with this title.
    case alert(String)
    /// Types into the presented alert's text field at this index.
    case alertField(Int, text: String)

    /// The step as a report shows it: `tap "Send"`.
    public var label: String {
        switch self {
        case .tap(let title): "tap \(title.debugDescription)"
        case .edit(let field, let text): "edit \(field.debugDescription) to \(text.debugDescription)"
        case .toggle(let name, let isOn): "toggle \(name.debugDescription) \(isOn ? "on" : "off")"
        case .alert(let title): "alert \(title.debugDescription)"
        case .alertField(let index, let text): "alert field \(index) to \(text.debugDescription)"
        }
    }
}

/// A step that names nothing the snapshot shows.
public struct ViewStepLookupFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

extension ViewSnapshot {
    /// The action `step` makes on this snapshot, or why it makes none (a title it does not
    /// show). Elements are searched in reading order, bar buttons first.
    public func action(for step: ViewStep) -> Result<ViewAction, ViewStepLookupFailure> {
        let shown = barButtons + elements
        switch step {
        case .tap(let title):
            guard let button = shown.first(where: { $0.kind == .button && $0.text == title }) else {
                let titles = shown.filter { $0.kind == .button }.compactMap(\.text)
                return .failure(.init("no button is titled \(title.debugDescription) (the view has \(titles))"))
            }
            return .success(.tap(button.id))
        case .edit(let name, let text):
            let fields = elements.filter { $0.kind == .textField || $0.kind == .textView }
            guard let field = fields.first(where: { $0.placeholder == name }) ?? fields.first(where: { $0.text == name }) else {
                return .failure(.init("no text field has the placeholder or text \(name.debugDescription) (the view has \(fields.count) fields: \(fields.map { $0.placeholder ?? $0.text ?? "" }))"))
            }
            return .success(.edit(field.id, text: text))
        case .toggle(let name, let isOn):
            guard let toggle = elements.first(where: { $0.kind == .toggle && $0.text == name }) else {
                return .failure(.init("no switch is labelled \(name.debugDescription)"))
            }
            return .success(.toggle(toggle.id, isOn: isOn))
        case .alert(let title):
            guard let alert else { return .failure(.init("no alert is shown")) }
            guard let index = alert.actions.firstIndex(where: { $0.title == title }) else {
                return .failure(.init("the alert has no action \(title.debugDescription) (it has \(alert.actions.map(\.title)))"))
            }
            return .success(.chooseAlertAction(index))
        case .alertField(let index, let text):
            guard alert != nil else { return .failure(.init("no alert is shown")) }
            return .success(.editAlertField(index, text: text))
        }
    }
}
