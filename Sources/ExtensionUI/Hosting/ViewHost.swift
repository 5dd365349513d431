import AppExtensions
import Foundation

/// Shows an extension's principal controller for a host: drives its lifecycle in UIKit's
/// order, takes ``ViewSnapshot``s of what it shows, and applies the person's
/// ``ViewAction``s. The runtime drives it from the host's messages; the in-process harness
/// and tests drive it directly.
///
/// ```swift
/// let host = ViewHost(root: ShareViewController(), context: context)
/// host.present()                        // loadView, viewDidLoad, viewWillAppear, …, viewDidAppear
/// var shown = host.snapshot()           // title, elements, alert
/// try host.perform(.chooseAlertAction(0))
/// ```
@MainActor
package final class ViewHost {
    /// The principal controller.
    package let root: UIViewController
    /// Called when the controller changed what it shows outside ``perform(_:)`` (a title
    /// set after a load, an alert presented from a completion handler); the runtime answers
    /// with ``publishIfNeeded()``. Several changes before it runs make one snapshot.
    package var onNeedsPublish: (@MainActor () -> Void)?
    private var revision = 0
    private var needsPublish = false
    var applying = false
    private var published: ViewSnapshot?
    private var misuses: [String] = []
    let registry = ViewRegistry()

    /// A host for `root` in the request of `context`.
    package init(root: UIViewController, context: ExtensionContext?) {
        self.root = root
        root.setExtensionContext(context)
        root.host = self
        root.handMisusesToHost()
    }

    /// Presents the controller: `loadView` and `viewDidLoad` (once), `viewWillAppear`,
    /// `viewWillLayoutSubviews`, `viewDidLayoutSubviews`, `viewDidAppear`; the first snapshot.
    @discardableResult
    package func present() -> ViewSnapshot {
        applying = true
        defer { applying = false }
        root.beginAppearanceTransition(true, animated: true)
        root.endAppearanceTransition()
        return snapshot()
    }

    /// The controller goes away: `viewWillDisappear`, `viewDidDisappear`.
    package func dismiss() {
        applying = true
        defer { applying = false }
        if root.presentedViewController != nil { root.dismiss(animated: false) }
        root.beginAppearanceTransition(false, animated: true)
        root.endAppearanceTransition()
    }

    /// The room changed to `size`: `viewWillTransition(to:with:)`, then a layout pass.
    package func transition(to size: CGSize) {
        applying = true
        defer { applying = false }
        root.viewWillTransition(to: size, with: ImmediateTransition())
        if root.isViewLoaded { root.layoutPass() }
    }

    /// The snapshot after changes the controller made on its own, one revision newer;
    /// `nil` when nothing changed.
    package func publishIfNeeded() -> ViewSnapshot? {
        guard needsPublish, published != nil else { return nil }
        return snapshot()
    }

    /// The last snapshot taken, without a new revision.
    package var currentSnapshot: ViewSnapshot? { published }

    /// Something shown changed.
    func setNeedsPublish() {
        needsPublish = true
        if !applying, published != nil { onNeedsPublish?() }
    }

    /// A misuse of UIKit's API, reported with the next snapshot.
    func misuse(_ message: String) {
        misuses.append(message)
        setNeedsPublish()
    }

    /// What the controller shows now, one revision newer.
    package func snapshot() -> ViewSnapshot {
        revision += 1
        needsPublish = false
        let visible = visibleController
        let item = visible.navigationItem
        let title = item.title.flatMap { $0.isEmpty ? nil : $0 } ?? visible.title
        let bar = [item.leftBarButtonItem, item.rightBarButtonItem].compactMap { $0 }.map { button in
            ViewSnapshot.Element(kind: .button, id: registry.id(of: button), text: button.title ?? "", isEnabled: button.isEnabled)
        }
        let reader = ReadingOrder(registry: registry)
        let snapshot = ViewSnapshot(
            revision: revision, title: title, barButtons: bar, elements: visible.viewIfLoaded.map(reader.elements) ?? [],
            alert: presentedAlert.map(Self.alert), preferredWidth: Double(root.preferredContentSize.width),
            preferredHeight: Double(root.preferredContentSize.height), misuses: misuses,
            textEdits: (root as? UIInputViewController)?.proxy.takeEdits())
        misuses = []
        published = snapshot
        return snapshot
    }

    /// The controller whose content shows: the last presented one that is not an alert,
    /// a navigation controller's top one.
    var visibleController: UIViewController {
        var controller = root
        while true {
            if let navigation = controller as? UINavigationController, let top = navigation.topViewController {
                controller = top
            } else if let presented = controller.presentedViewController, !(presented is UIAlertController) {
                controller = presented
            } else {
                return controller
            }
        }
    }

    /// The alert presented over the visible controller, if any.
    package var presentedAlert: UIAlertController? {
        var controller: UIViewController = root
        while let presented = controller.presentedViewController { controller = presented }
        return controller as? UIAlertController
    }

    private static func alert(_ alert: UIAlertController) -> ViewSnapshot.Alert {
        ViewSnapshot.Alert(
            title: alert.title, message: alert.message, style: alert.preferredStyle == .alert ? "alert" : "actionSheet",
            actions: alert.actions.map { action in
                .init(title: action.title ?? "", style: "\(action.style)", isEnabled: action.isEnabled,
                      isPreferred: action === alert.preferredAction)
            },
            fields: (alert.textFields ?? []).map { .init(text: $0.text ?? "", placeholder: $0.placeholder, isSecure: $0.isSecureTextEntry) })
    }
}
