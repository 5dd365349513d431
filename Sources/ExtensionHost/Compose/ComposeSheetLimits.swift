import ComposeSheet

/// What a compose sheet's state may hold: an extension's state beyond these is a protocol
/// violation naming the field, and the host stays as it was.
public struct ComposeSheetLimits: Hashable, Sendable {
    /// Bytes of the content text (UTF-8).
    public var maxTextBytes = 64 << 10
    /// Bytes of any title, value, placeholder, choice or label (the sheet's title and its
    /// alert's texts included; an alert has at most 16 actions and 4 fields).
    public var maxLabelBytes = 1 << 10
    /// Configuration items.
    public var maxItems = 64
    /// Choices of a pushed list.
    public var maxChoices = 256

    /// The default limits.
    public init() {}

    /// Why `state` is refused, naming the field; `nil` when it is acceptable.
    public func violation(in state: ComposeSheetState) -> String? {
        if state.contentText.utf8.count > maxTextBytes {
            return "contentText has \(state.contentText.utf8.count) bytes; at most \(maxTextBytes)"
        }
        if let placeholder = state.placeholder, let problem = label(placeholder, "placeholder") { return problem }
        if state.items.count > maxItems { return "configuration items: \(state.items.count); at most \(maxItems)" }
        for (index, item) in state.items.enumerated() {
            if let problem = label(item.title, "items[\(index)].title") ?? item.value.flatMap({ label($0, "items[\(index)].value") }) {
                return problem
            }
        }
        if let pushed = state.pushed {
            if let problem = label(pushed.title, "pushed.title") { return problem }
            switch pushed.content {
            case .choices(let choices, let selected):
                if choices.isEmpty { return "pushed.choices is empty: a pushed list needs at least one choice" }
                if choices.count > maxChoices { return "pushed.choices: \(choices.count); at most \(maxChoices)" }
                for (index, choice) in choices.enumerated() {
                    if let problem = label(choice, "pushed.choices[\(index)]") { return problem }
                }
                if let selected, !choices.indices.contains(selected) {
                    return "pushed.selected is \(selected), outside the \(choices.count) choices"
                }
            case .textField(let text, let placeholder):
                if let problem = label(text, "pushed.text") ?? placeholder.flatMap({ label($0, "pushed.placeholder") }) { return problem }
            case .toggle(let text, _):
                if let problem = label(text, "pushed.label") { return problem }
            }
        }
        if let preview = state.preview {
            if let problem = label(preview.title, "preview.title") ?? label(preview.typeIdentifier, "preview.typeIdentifier")
                ?? preview.detail.flatMap({ label($0, "preview.detail") }) {
                return problem
            }
        }
        if let title = state.title, let problem = label(title, "title") { return problem }
        if let alert = state.alert {
            if alert.actions.count > 16 { return "alert.actions: \(alert.actions.count); at most 16" }
            if alert.fields.count > 4 { return "alert.fields: \(alert.fields.count); at most 4" }
            var texts: [(String, String?)] = [("alert.title", alert.title), ("alert.message", alert.message)]
            for (index, action) in alert.actions.enumerated() { texts.append(("alert.actions[\(index)].title", action.title)) }
            for (index, field) in alert.fields.enumerated() {
                texts += [("alert.fields[\(index)].text", field.text), ("alert.fields[\(index)].placeholder", field.placeholder)]
            }
            for (field, text) in texts {
                if let text, let problem = label(text, field) { return problem }
            }
        }
        if state.misuses.count > 16 { return "misuses: \(state.misuses.count) in one state; at most 16" }
        return nil
    }

    private func label(_ text: String, _ field: String) -> String? {
        text.utf8.count > maxLabelBytes ? "\(field) has \(text.utf8.count) bytes; at most \(maxLabelBytes)" : nil
    }
}
