import AppExtensions
import Foundation

/// The controller of one screenful of an extension's interface: UIKit's
/// `UIViewController`, headless.
///
/// A share, action, widget or photo editing extension's principal class is one. The host
/// drives it in UIKit's order — `loadView`, `viewDidLoad`, `viewWillAppear`,
/// `viewWillLayoutSubviews`, `viewDidLayoutSubviews`, `viewDidAppear`, and
/// `viewWillDisappear`, `viewDidDisappear` when it goes — and shows what a person must see:
/// the ``title``, the view tree in reading order (``ViewSnapshot``), and a presented
/// ``UIAlertController`` as its own dialog, whose actions it sends back.
///
/// ```swift
/// class ShareViewController: UIViewController {
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         title = "Save to Notes"
///         let item = extensionContext?.inputItems.first as? NSExtensionItem
///         …
///     }
/// }
/// ```
@MainActor
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    private var storedContext: ExtensionContext?
    private var storedNavigationItem: UINavigationItem?
    /// Where the controller is in appearing and disappearing.
    var appearance = Appearance.disappeared
    /// The host showing this controller, when it is the root.
    weak var host: ViewHost?
    /// Misuses made before the controller was shown.
    var unreportedMisuses: [String] = []

    /// The nib's name, as given (Appex loads no nibs).
    public let nibName: String?
    /// The nib's bundle, as given.
    public let nibBundle: Bundle?

    /// A controller whose view comes from the nib `nibNameOrNil`; Appex loads no nibs, so
    /// the view is ``loadView()``'s.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
    }

    /// A controller from an archive (a storyboard): Appex builds no storyboard's views, so
    /// this is a controller with ``loadView()``'s view (docs/PORTING.md, "Storyboards").
    public required init?(coder: NSCoder) {
        nibName = nil
        nibBundle = nil
        super.init()
    }

    /// A controller with no nib. Designated (not a convenience initializer calling
    /// ``init(nibName:bundle:)``) so that subclasses in other modules inherit it whole.
    public override init() {
        nibName = nil
        nibBundle = nil
        super.init()
    }

    // MARK: The view

    /// The root view, loaded (``loadView()``, then ``viewDidLoad()``) the first time it is
    /// read.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView?.owningController = nil
            loadedView = newValue
            newValue?.owningController = self
            viewDidChange()
        }
    }

    /// Makes the root view: a plain view, as UIKit's default does without a nib. Override
    /// to build your own; do not call `super` then.
    open func loadView() {
        view = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    }

    /// Loads the view now if it is not loaded.
    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { view = UIView(frame: .zero) }
        viewDidLoad()
    }

    /// Whether the view is loaded.
    public var isViewLoaded: Bool { loadedView != nil }
    /// The view if it is loaded, without loading it.
    public var viewIfLoaded: UIView? { loadedView }

    // MARK: The lifecycle (each called by the host, in UIKit's order)

    /// The view was loaded.
    open func viewDidLoad() {}
    /// The view is about to appear.
    open func viewWillAppear(_ animated: Bool) {}
    /// The view appeared.
    open func viewDidAppear(_ animated: Bool) {}
    /// The view is about to disappear.
    open func viewWillDisappear(_ animated: Bool) {}
    /// The view disappeared.
    open func viewDidDisappear(_ animated: Bool) {}
    /// The view is about to lay out its subviews.
    open func viewWillLayoutSubviews() {}
    /// The view laid out its subviews.
    open func viewDidLayoutSubviews() {}
    /// The view's constraints are being updated.
    open func updateViewConstraints() {}
    /// The container is about to change to `size` (a widget shown larger).
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {}
    /// Memory is short.
    open func didReceiveMemoryWarning() {}

    // MARK: What the host shows

    /// The title the host shows above the controller's content.
    open var title: String? {
        didSet { if title != oldValue { viewDidChange() } }
    }

    /// The size the controller would like; a widget's height is its height.
    open var preferredContentSize: CGSize = .zero {
        didSet { if preferredContentSize != oldValue { viewDidChange() } }
    }

    /// The extension's context: the request's input items, `completeRequest`, `open(_:)`.
    /// Set by the host on the principal controller before its view loads; a child or a
    /// presented controller answers its parent's or presenter's, as in UIKit.
    public internal(set) var extensionContext: ExtensionContext? {
        get { storedContext ?? parent?.extensionContext ?? presentingViewController?.extensionContext }
        set { storedContext = newValue }
    }

    /// Sets the principal controller's context (the runtime and the harness).
    package func setExtensionContext(_ context: ExtensionContext?) {
        storedContext = context
    }

    // MARK: Containment

    /// The child controllers, in the order added.
    public private(set) var children: [UIViewController] = []
    /// The controller this one is a child of.
    public private(set) weak var parent: UIViewController?

    /// Adds `childController` (call ``didMove(toParent:)`` on it after adding its view).
    open func addChild(_ childController: UIViewController) {
        guard childController !== self, childController.parent !== self else { return }
        childController.removeFromParent()
        childController.willMove(toParent: self)
        children.append(childController)
        childController.parent = self
        childController.handMisusesToHost()
        viewDidChange()
    }

    /// Removes the controller from its parent (call ``willMove(toParent:)`` with `nil` first).
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
        parent.viewDidChange()
    }

    /// The controller is about to move to `parent`.
    open func willMove(toParent parent: UIViewController?) {}
    /// The controller moved to `parent`.
    open func didMove(toParent parent: UIViewController?) {}
    /// Whether appearance calls go to the children on their own (default `true`).
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// The navigation controller this one is inside, if any.
    public var navigationController: UINavigationController? {
        sequence(first: self, next: { $0.parent }).dropFirst(self is UINavigationController ? 1 : 0)
            .first { $0 is UINavigationController } as? UINavigationController
    }

    /// The item a navigation bar shows for this controller (its title is the controller's
    /// when it has none).
    open var navigationItem: UINavigationItem {
        if let storedNavigationItem { return storedNavigationItem }
        let item = UINavigationItem(title: "")
        item.controller = self
        storedNavigationItem = item
        return item
    }

    open override var next: UIResponder? {
        loadedView?.superview ?? parent ?? presentingViewController
    }

    // MARK: Presentation

    /// The controller this one presented, if any.
    public internal(set) var presentedViewController: UIViewController?
    /// The controller that presented this one, if any.
    public internal(set) weak var presentingViewController: UIViewController?
    /// How a presented controller covers the screen.
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// How it comes on screen.
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    /// Whether the person may not swipe it away.
    open var isModalInPresentation = false
    /// Whether the controller is being presented now.
    public var isBeingPresented: Bool { presentingViewController != nil && appearance == .appearing }
    /// Whether the controller is being dismissed now.
    public var isBeingDismissed: Bool { presentingViewController != nil && appearance == .disappearing }

    /// Something the host shows changed: the root's host hears of it.
    package func viewDidChange() {
        var controller = self
        while let next = controller.parent ?? controller.presentingViewController { controller = next }
        controller.host?.setNeedsPublish()
    }
}

/// How a presented controller covers the screen: UIKit's `UIModalPresentationStyle`.
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
    case none = -1, automatic = -2
}

/// How a presented controller comes on screen: UIKit's `UIModalTransitionStyle`.
public enum UIModalTransitionStyle: Int, Sendable {
    case coverVertical = 0, flipHorizontal, crossDissolve, partialCurl
}
