import ExtensionUI
import Foundation

/// A pushed configuration controller as the sheet shows and drives it: a
/// ``ComposeConfigurationView`` by what it declares, any other controller by its view tree
/// (its buttons as the list of choices, else its text field, else its switch).
@MainActor
struct PushedConfiguration {
    private enum Source {
        case declared(ComposeConfigurationView)
        case tree(ViewHost, ViewSnapshot)
    }

    private let source: Source
    /// The title above it.
    let title: String
    /// What it shows.
    let content: ComposeSheetState.PushedView.Content

    /// The pushed `controller` (shown through `host` when it is not declared); `nil` when
    /// nothing is pushed.
    init?(_ controller: UIViewController?, host: ViewHost?) {
        if let declared = controller as? ComposeConfigurationView {
            source = .declared(declared)
            title = declared.title ?? ""
            content = switch declared.content {
            case .choices(let choices, let selected, _): .choices(choices, selected: selected)
            case .textField(let text, let placeholder, _): .textField(text: text, placeholder: placeholder)
            case .toggle(let label, let isOn, _): .toggle(label: label, isOn: isOn)
            }
        } else if let host {
            let shown = host.snapshot()
            source = .tree(host, shown)
            title = shown.title ?? ""
            content = Self.content(of: shown)
        } else {
            return nil
        }
    }

    private static func content(of shown: ViewSnapshot) -> ComposeSheetState.PushedView.Content {
        let buttons = shown.elements.filter { $0.kind == .button }
        if !buttons.isEmpty { return .choices(buttons.map { $0.text ?? "" }, selected: nil) }
        if let field = shown.elements.first(where: { $0.kind == .textField }) {
            return .textField(text: field.text ?? "", placeholder: field.placeholder)
        }
        if let toggle = shown.elements.first(where: { $0.kind == .toggle }) {
            return .toggle(label: toggle.text ?? "", isOn: toggle.isOn ?? false)
        }
        return .choices([], selected: nil)
    }

    /// The person chose the choice at `index`.
    func choose(_ index: Int) throws(ComposeSheetError) {
        switch source {
        case .declared(let view):
            guard case .choices(let choices, _, let onChoose) = view.content else {
                throw ComposeSheetError(.noSuchChoice, "no list of choices is shown")
            }
            guard choices.indices.contains(index) else {
                throw ComposeSheetError(.noSuchChoice, "the list has no choice \(index) (it has \(choices.count))")
            }
            onChoose(index)
        case .tree(let host, let shown):
            let buttons = shown.elements.filter { $0.kind == .button }
            guard buttons.indices.contains(index) else {
                throw ComposeSheetError(.noSuchChoice, "the list has no choice \(index) (it has \(buttons.count))")
            }
            try perform(.tap(buttons[index].id), on: host)
        }
    }

    /// The person typed `text` into the field.
    func edit(_ text: String) throws(ComposeSheetError) {
        switch source {
        case .declared(let view):
            guard case .textField(_, let placeholder, let onChange) = view.content else {
                throw ComposeSheetError(.nothingPushed, "no text field is shown")
            }
            view.content = .textField(text: text, placeholder: placeholder, onChange: onChange)
            onChange(text)
        case .tree(let host, let shown):
            guard let field = shown.elements.first(where: { $0.kind == .textField }) else {
                throw ComposeSheetError(.nothingPushed, "no text field is shown")
            }
            try perform(.edit(field.id, text: text), on: host)
        }
    }

    /// The person set the switch.
    func toggle(_ isOn: Bool) throws(ComposeSheetError) {
        switch source {
        case .declared(let view):
            guard case .toggle(let label, _, let onChange) = view.content else {
                throw ComposeSheetError(.nothingPushed, "no switch is shown")
            }
            view.content = .toggle(label: label, isOn: isOn, onChange: onChange)
            onChange(isOn)
        case .tree(let host, let shown):
            guard let toggle = shown.elements.first(where: { $0.kind == .toggle }) else {
                throw ComposeSheetError(.nothingPushed, "no switch is shown")
            }
            try perform(.toggle(toggle.id, isOn: isOn), on: host)
        }
    }

    private func perform(_ action: ViewAction, on host: ViewHost) throws(ComposeSheetError) {
        do throws(ViewActionError) {
            try host.perform(action)
        } catch {
            throw ComposeSheetError(.noSuchChoice, error.message)
        }
    }
}
