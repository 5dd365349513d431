import Foundation

/// A stack of controllers with a bar showing the top one's title: UIKit's
/// `UINavigationController`. The host shows the top controller, titled with its
/// navigation item's title (or its own).
@MainActor
open class UINavigationController: UIViewController {
    /// The stack, bottom to top.
    open var viewControllers: [UIViewController] {
        get { children }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The controller on top.
    open var topViewController: UIViewController? { children.last }
    /// The controller shown: the top one's presented controller, if any, else the top one.
    open var visibleViewController: UIViewController? { presentedViewController ?? topViewController }

    /// A stack holding `rootViewController`.
    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        addChild(rootViewController)
        rootViewController.didMove(toParent: self)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public override init() {
        super.init()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Pushes `viewController` on the stack; when the stack is on screen, the old top
    /// disappears and the new one appears.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        let old = topViewController
        let showing = appearance == .appeared
        if showing { old?.beginAppearanceTransition(false, animated: animated) }
        addChild(viewController)
        if showing { viewController.beginAppearanceTransition(true, animated: animated) }
        if showing {
            old?.endAppearanceTransition()
            viewController.endAppearanceTransition()
        }
        viewController.didMove(toParent: self)
    }

    /// Pops the top controller; `nil` when only the root is left.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard children.count > 1, let top = topViewController else { return nil }
        let showing = appearance == .appeared
        let below = children[children.count - 2]
        if showing {
            top.beginAppearanceTransition(false, animated: animated)
            below.beginAppearanceTransition(true, animated: animated)
        }
        top.willMove(toParent: nil)
        top.removeFromParent()
        if showing {
            top.endAppearanceTransition()
            below.endAppearanceTransition()
        }
        return top
    }

    /// Pops to the root; the controllers popped.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        var popped: [UIViewController] = []
        while let top = popViewController(animated: animated) { popped.insert(top, at: 0) }
        return popped
    }

    /// Replaces the stack.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        for child in children {
            child.willMove(toParent: nil)
            child.removeFromParent()
        }
        for controller in viewControllers {
            addChild(controller)
            controller.didMove(toParent: self)
        }
    }

    /// Whether the bar is hidden.
    open var isNavigationBarHidden = false
    /// Hides or shows the bar.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        isNavigationBarHidden = hidden
    }
}

/// What a navigation bar shows for a controller: UIKit's `UINavigationItem`.
@MainActor
open class UINavigationItem: NSObject {
    /// The title; when `nil` or empty the controller's title shows.
    open var title: String? { didSet { controller?.viewDidChange() } }
    /// The buttons on the left and the right.
    open var leftBarButtonItem: UIBarButtonItem? { didSet { controller?.viewDidChange() } }
    open var rightBarButtonItem: UIBarButtonItem? { didSet { controller?.viewDidChange() } }
    open var leftBarButtonItems: [UIBarButtonItem]? {
        get { leftBarButtonItem.map { [$0] } }
        set { leftBarButtonItem = newValue?.first }
    }
    open var rightBarButtonItems: [UIBarButtonItem]? {
        get { rightBarButtonItem.map { [$0] } }
        set { rightBarButtonItem = newValue?.first }
    }
    /// A prompt above the title.
    open var prompt: String?
    /// Whether the back button is hidden.
    open var hidesBackButton = false
    weak var controller: UIViewController?

    /// An item titled `title`.
    public init(title: String) {
        self.title = title
    }
}

/// A button in a navigation bar: UIKit's `UIBarButtonItem`, with its action as a
/// ``UIAction`` (iOS 14's `primaryAction`). The host shows it beside the title.
@MainActor
open class UIBarButtonItem: NSObject {
    /// A system item: UIKit's `UIBarButtonItem.SystemItem`, with its English title.
    public enum SystemItem: Int, Sendable {
        case done = 0, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action
        case organize, bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo, close

        var title: String {
            switch self {
            case .done: "Done"
            case .cancel: "Cancel"
            case .edit: "Edit"
            case .save: "Save"
            case .add: "Add"
            case .close: "Close"
            case .undo: "Undo"
            case .redo: "Redo"
            default: "\(self)".capitalized
            }
        }
    }

    /// A bar item's look.
    public enum Style: Int, Sendable { case plain = 0, bordered, done }

    /// The title shown.
    open var title: String?
    /// The look.
    open var style: Style = .plain
    /// Whether it can be chosen.
    open var isEnabled = true
    /// What choosing it runs.
    open var primaryAction: UIAction?

    /// An item titled `title` that runs `primaryAction`.
    public init(title: String?, style: Style = .plain, primaryAction: UIAction? = nil) {
        self.title = title
        self.style = style
        self.primaryAction = primaryAction
    }

    /// A system item that runs `primaryAction`.
    public init(barButtonSystemItem systemItem: SystemItem, primaryAction: UIAction? = nil) {
        title = systemItem.title
        style = systemItem == .done ? .done : .plain
        self.primaryAction = primaryAction
    }

    /// The person chose the item.
    package func choose() {
        guard isEnabled, let primaryAction else { return }
        primaryAction.handler(primaryAction, sender: self)
    }
}
