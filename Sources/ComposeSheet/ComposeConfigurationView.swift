/// What a configuration item pushes (Apple's pushed `UIViewController`), declared rather
/// than drawn: there is no UIKit on Linux, so the host renders it — on a terminal, in a web
/// sheet.
///
/// ```swift
/// let picker = ComposeConfigurationView(title: "公开权限", choices: ["所有人", "好友"], selected: act) { [weak self] index in
///     act = index
///     self?.popConfigurationViewController()
/// }
/// pushConfigurationViewController(picker)
/// ```
@MainActor
public final class ComposeConfigurationView {
    /// What the view shows.
    public enum Content {
        /// A list of choices, one selectable (the seeds' picker); `onChoose` gets the index.
        case choices([String], selected: Int?, onChoose: @MainActor (Int) -> Void)
        /// A one-line text field; `onChange` gets each new text.
        case textField(text: String, placeholder: String?, onChange: @MainActor (String) -> Void)
        /// A switch; `onChange` gets the new state.
        case toggle(label: String, isOn: Bool, onChange: @MainActor (Bool) -> Void)
    }

    /// The title above the view.
    public var title: String
    /// What it shows; may change while it is pushed (the sheet reads it after every event).
    public var content: Content

    /// A view with `title` showing `content`.
    public init(title: String, content: Content) {
        self.title = title
        self.content = content
    }

    /// A titled list of choices with one selected.
    public convenience init(title: String, choices: [String], selected: Int? = nil,
                            onChoose: @escaping @MainActor (Int) -> Void) {
        self.init(title: title, content: .choices(choices, selected: selected, onChoose: onChoose))
    }
}
