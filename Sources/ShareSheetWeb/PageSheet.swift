import ComposeSheet

/// A compose sheet state in the shape the page's script reads: flat fields, the pushed
/// view's kind spelled out.
struct PageSheet: Encodable, Sendable {
    struct Item: Encodable, Sendable {
        var title: String
        var value: String?
        var pending: Bool
    }

    struct Pushed: Encodable, Sendable {
        var title: String
        /// `choices`, `field` or `switch`.
        var kind: String
        var choices: [String]?
        var selected: Int?
        var text: String?
        var placeholder: String?
        var label: String?
        var isOn: Bool?
    }

    struct Preview: Encodable, Sendable {
        var kind: String
        var title: String
        var detail: String?
    }

    var revision: Int
    var text: String
    var placeholder: String?
    var charactersRemaining: Int?
    var postEnabled: Bool
    var items: [Item]
    var pushed: Pushed?
    var preview: Preview?
    /// The controller's title, when it set one (else the page shows the extension's name).
    var title: String?
    /// A presented alert: the sheet's other controls wait until one of its actions is chosen.
    var alert: PageAlert?

    init(_ state: ComposeSheetState) {
        title = state.title
        alert = state.alert.map(PageAlert.init)
        revision = state.revision
        text = state.contentText
        placeholder = state.placeholder
        charactersRemaining = state.charactersRemaining
        postEnabled = state.isPostEnabled
        items = state.items.map { Item(title: $0.title, value: $0.value, pending: $0.valuePending) }
        pushed = state.pushed.map { pushed in
            switch pushed.content {
            case .choices(let choices, let selected):
                Pushed(title: pushed.title, kind: "choices", choices: choices, selected: selected)
            case .textField(let text, let placeholder):
                Pushed(title: pushed.title, kind: "field", text: text, placeholder: placeholder)
            case .toggle(let label, let isOn):
                Pushed(title: pushed.title, kind: "switch", label: label, isOn: isOn)
            }
        }
        preview = state.preview.map { Preview(kind: $0.kind.rawValue, title: $0.title, detail: $0.detail) }
    }
}
