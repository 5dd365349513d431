import ExtensionUI
import Foundation

extension ComposeServiceViewController {
    /// Shows `viewController` over the items, as iOS pushes it on the sheet's navigation
    /// stack: one at a time (a second push while one is shown is refused and reported as a
    /// misuse). A ``ComposeConfigurationView`` shows its choices, field or switch; any other
    /// controller shows its view tree's buttons as choices, its text field or its switch.
    public func pushConfigurationViewController(_ viewController: UIViewController!) {
        guard let viewController else { return }
        guard pushed == nil else {
            misuses.append("pushConfigurationViewController while \"\(pushed?.title ?? "")\" is shown: only one at a time")
            setNeedsPublish()
            return
        }
        pushed = viewController
        if viewController is ComposeConfigurationView {
            viewController.beginAppearanceTransition(true, animated: true)
            viewController.endAppearanceTransition()
        } else {
            let host = ViewHost(root: viewController, context: extensionContext)
            host.onNeedsPublish = { [weak self] in self?.setNeedsPublish() }
            host.present()
            pushedHost = host
        }
        setNeedsPublish()
    }

    /// Dismisses the pushed controller.
    public func popConfigurationViewController() {
        guard let controller = pushed else { return }
        if let pushedHost {
            pushedHost.dismiss()
        } else {
            controller.beginAppearanceTransition(false, animated: true)
            controller.endAppearanceTransition()
        }
        pushed = nil
        pushedHost = nil
        setNeedsPublish()
    }
}
