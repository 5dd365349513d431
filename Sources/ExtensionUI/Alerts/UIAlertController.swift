import Foundation

/// An alert or action sheet: UIKit's `UIAlertController`.
///
/// Presented from an extension's controller, it is shown by the host as the host's own
/// dialog — on a terminal, a prompt with the actions numbered; in the web sheet, a modal
/// with a button per action — and the action the person chooses comes back: the alert is
/// dismissed, then its handler runs, as in UIKit.
///
/// ```swift
/// let alert = UIAlertController(title: "Not signed in", message: "Sign in to the app first.", preferredStyle: .alert)
/// alert.addAction(UIAlertAction(title: "OK", style: .default) { _ in
///     self.extensionContext?.cancelRequest(withError: error)
/// })
/// present(alert, animated: true)
/// ```
@MainActor
open class UIAlertController: UIViewController {
    /// An alert's kind: UIKit's `UIAlertController.Style`.
    public enum Style: Int, Sendable {
        case actionSheet = 0, alert = 1
    }

    /// The text below the title.
    open var message: String? { didSet { if message != oldValue { viewDidChange() } } }
    /// The kind.
    public let preferredStyle: Style
    /// The actions, in the order added.
    public private(set) var actions: [UIAlertAction] = []
    /// The text fields (alerts only), in the order added.
    public private(set) var textFields: [UITextField]? = nil
    /// The action the return key chooses.
    open var preferredAction: UIAlertAction?

    /// An alert titled `title` saying `message`.
    public init(title: String?, message: String?, preferredStyle: Style) {
        self.preferredStyle = preferredStyle
        super.init(nibName: nil, bundle: nil)
        self.title = title
        self.message = message
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        preferredStyle = .alert
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public override init() {
        preferredStyle = .alert
        super.init()
    }

    public required init?(coder: NSCoder) {
        preferredStyle = .alert
        super.init(coder: coder)
    }

    /// Adds `action`. A second `.cancel` action is refused, as UIKit refuses it (it raises).
    open func addAction(_ action: UIAlertAction) {
        if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
            reportMisuse("UIAlertController can only have one action with a style of .cancel; \"\(action.title ?? "")\" was not added")
            return
        }
        action.alert = self
        actions.append(action)
        viewDidChange()
    }

    /// Adds a text field (alerts only), configured by `configurationHandler`.
    open func addTextField(configurationHandler: (@MainActor (UITextField) -> Void)? = nil) {
        guard preferredStyle == .alert else {
            reportMisuse("text fields can only be added to an alert controller of style .alert")
            return
        }
        let field = UITextField()
        configurationHandler?(field)
        textFields = (textFields ?? []) + [field]
        viewDidChange()
    }

    /// The person chose `action`: the alert is dismissed, then its handler runs.
    package func choose(_ action: UIAlertAction) {
        guard action.isEnabled else { return }
        dismiss(animated: true) {
            action.handler?(action)
        }
    }
}

/// One button of an alert: UIKit's `UIAlertAction`.
@MainActor
open class UIAlertAction: NSObject {
    /// An action's look: UIKit's `UIAlertAction.Style`.
    public enum Style: Int, Sendable {
        case `default` = 0, cancel, destructive
    }

    /// The button's title.
    public let title: String?
    /// Its look.
    public let style: Style
    /// Whether it can be chosen; the host shows a disabled one greyed.
    open var isEnabled = true { didSet { alert?.viewDidChange() } }
    let handler: (@MainActor (UIAlertAction) -> Void)?
    weak var alert: UIAlertController?

    /// An action titled `title` that runs `handler` after the alert is dismissed.
    public init(title: String?, style: Style, handler: (@MainActor (UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}
