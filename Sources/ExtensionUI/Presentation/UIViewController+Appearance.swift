import Foundation

extension UIViewController {
    /// Where a controller is between disappeared and appeared.
    enum Appearance: Sendable {
        case disappeared, appearing, appeared, disappearing
    }

    /// Tells the controller it starts to appear (`true`) or disappear: its view loads if
    /// needed and it hears `viewWillAppear` / `viewWillDisappear`, then its children do
    /// (UIKit's `beginAppearanceTransition(_:animated:)`). A call that does not change the
    /// state (appearing twice) does nothing.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        if isAppearing {
            guard appearance == .disappeared || appearance == .disappearing else { return }
            loadViewIfNeeded()
            appearance = .appearing
            viewWillAppear(animated)
        } else {
            guard appearance == .appeared || appearance == .appearing else { return }
            appearance = .disappearing
            viewWillDisappear(animated)
        }
        if shouldAutomaticallyForwardAppearanceMethods {
            for child in visibleChildren { child.beginAppearanceTransition(isAppearing, animated: animated) }
        }
    }

    /// Ends the transition begun last: `viewWillLayoutSubviews`, `viewDidLayoutSubviews`
    /// and `viewDidAppear` when appearing, `viewDidDisappear` when disappearing.
    public func endAppearanceTransition() {
        switch appearance {
        case .appearing:
            layoutPass()
            appearance = .appeared
            viewDidAppear(animatedTransition)
        case .disappearing:
            appearance = .disappeared
            viewDidDisappear(animatedTransition)
        case .appeared, .disappeared:
            return
        }
        if shouldAutomaticallyForwardAppearanceMethods {
            for child in visibleChildren { child.endAppearanceTransition() }
        }
    }

    /// The host's transitions are not animated.
    private var animatedTransition: Bool { false }

    /// The children whose appearance follows this controller's: all of them, but a
    /// navigation controller's only its top one.
    var visibleChildren: [UIViewController] {
        if let navigation = self as? UINavigationController { return navigation.topViewController.map { [$0] } ?? [] }
        return children
    }

    /// One layout pass: `viewWillLayoutSubviews`, the views' `layoutSubviews`,
    /// `viewDidLayoutSubviews`.
    func layoutPass() {
        viewWillLayoutSubviews()
        viewIfLoaded?.layoutIfNeeded()
        viewDidLayoutSubviews()
    }

    /// Shows `viewControllerToPresent` over this controller's content, driving its
    /// appearance, then calls `completion`. Presenting while another controller is presented
    /// does nothing and is reported by the host as a misuse, as UIKit logs it.
    public func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (@MainActor () -> Void)? = nil) {
        guard presentedViewController == nil, viewControllerToPresent.presentingViewController == nil,
              viewControllerToPresent !== self else {
            reportMisuse("present(\(type(of: viewControllerToPresent))) while \(type(of: presentedViewController ?? self)) is presented: only one at a time")
            return
        }
        presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = self
        viewControllerToPresent.handMisusesToHost()
        viewControllerToPresent.beginAppearanceTransition(true, animated: flag)
        viewControllerToPresent.endAppearanceTransition()
        viewDidChange()
        completion?()
    }

    /// Dismisses the controller this one presented or, when it presented none, this
    /// controller itself from its presenter; then calls `completion`.
    public func dismiss(animated flag: Bool, completion: (@MainActor () -> Void)? = nil) {
        let presenter: UIViewController
        if presentedViewController != nil {
            presenter = self
        } else if let presenting = presentingViewController {
            presenter = presenting
        } else {
            completion?()
            return
        }
        guard let presented = presenter.presentedViewController else { return }
        presented.presentedViewController?.dismiss(animated: flag)
        presented.beginAppearanceTransition(false, animated: flag)
        presented.endAppearanceTransition()
        presenter.presentedViewController = nil
        presented.presentingViewController = nil
        presenter.viewDidChange()
        completion?()
    }

    /// Reports a misuse of UIKit's API to the host showing this controller, or keeps it
    /// until the controller is shown (an alert is built before it is presented).
    func reportMisuse(_ message: String) {
        if let host = rootController.host {
            host.misuse(message)
        } else {
            unreportedMisuses.append(message)
        }
    }

    /// Hands the misuses kept before the controller was shown to its host.
    func handMisusesToHost() {
        guard let host = rootController.host, !unreportedMisuses.isEmpty else { return }
        unreportedMisuses.forEach(host.misuse)
        unreportedMisuses = []
    }

    /// The controller at the top of this one's parents and presenters.
    var rootController: UIViewController {
        var controller = self
        while let next = controller.parent ?? controller.presentingViewController { controller = next }
        return controller
    }
}

/// What a controller learns of a size change: UIKit's `UIViewControllerTransitionCoordinator`.
@MainActor
public protocol UIViewControllerTransitionCoordinator: AnyObject {
    /// Whether the change is animated (never here).
    var isAnimated: Bool { get }
    /// Runs `animation` with the change and `completion` after it; `true`.
    @discardableResult
    func animate(alongsideTransition animation: (@MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: (@MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
}

/// The context of a size change: UIKit's `UIViewControllerTransitionCoordinatorContext`.
@MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    /// Whether the change was cancelled (never here).
    var isCancelled: Bool { get }
    /// Whether it is animated (never here).
    var isAnimated: Bool { get }
}

/// The host's size changes: immediate, so `animate(alongsideTransition:completion:)` runs
/// both closures at once.
@MainActor
final class ImmediateTransition: UIViewControllerTransitionCoordinator, UIViewControllerTransitionCoordinatorContext {
    var isAnimated: Bool { false }
    var isCancelled: Bool { false }

    func animate(alongsideTransition animation: (@MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: (@MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animation?(self)
        completion?(self)
        return true
    }
}
