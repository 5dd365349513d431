import ExtensionUI
import Foundation

/// A configuration controller the sheet draws as a list of choices, a text field or a
/// switch: what iOS code pushes as a `UITableViewController` of options, declared.
///
/// ```swift
/// let picker = ComposeConfigurationView(title: "公开权限", choices: ["所有人", "好友"], selected: act) { [weak self] index in
///     act = index
///     self?.popConfigurationViewController()
/// }
/// pushConfigurationViewController(picker)
/// ```
///
/// Any other `UIViewController` pushed is shown by its view tree (its buttons as choices);
/// this one says exactly what to show.
@MainActor
public final class ComposeConfigurationView: UIViewController {
    /// What the view shows.
    public enum Content {
        /// A list of choices, one selectable (the seeds' picker); `onChoose` gets the index.
        case choices([String], selected: Int?, onChoose: @MainActor (Int) -> Void)
        /// A one-line text field; `onChange` gets each new text.
        case textField(text: String, placeholder: String?, onChange: @MainActor (String) -> Void)
        /// A switch; `onChange` gets the new state.
        case toggle(label: String, isOn: Bool, onChange: @MainActor (Bool) -> Void)
    }

    /// What it shows; may change while it is pushed (the sheet reads it after every event).
    public var content: Content

    /// A view with `title` showing `content`.
    public init(title: String, content: Content) {
        self.content = content
        super.init(nibName: nil, bundle: nil)
        self.title = title
    }

    /// A titled list of choices with one selected.
    public convenience init(title: String, choices: [String], selected: Int? = nil,
                            onChoose: @escaping @MainActor (Int) -> Void) {
        self.init(title: title, content: .choices(choices, selected: selected, onChoose: onChoose))
    }

    /// Not made from archives.
    public required init?(coder: NSCoder) {
        nil
    }
}
