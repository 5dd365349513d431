import AppExtensions
import ExtensionUI
import Foundation

/// Runs one widget's controller on the main actor: makes it when the first update comes,
/// asks it to update or to change its display mode, and turns what it shows into
/// ``WidgetState``s. The runtime drives it from the host's messages; a test drives it
/// directly.
@MainActor
package final class WidgetDriver {
    /// The widget's principal object.
    package typealias Controller = UIViewController & WidgetProviding

    private let makeController: @MainActor () -> Controller
    private var controller: Controller?
    private var host: ViewHost?
    private let context: ExtensionContext
    private var revision = 0
    private var published: WidgetState?
    /// Called when the widget changed its state on its own (outside an update or a
    /// display-mode change); ``publishIfNeeded()`` then says what changed.
    package var onNeedsPublish: (@Sendable () -> Void)?

    /// A driver for the controller `makeController` makes, with `context` as its context.
    package init(context: ExtensionContext, makeController: @escaping @MainActor () -> Controller) {
        self.context = context
        self.makeController = makeController
    }

    /// Asks the widget to update in `displayMode` with `maximumSizes`; `reply` gets the
    /// result and the state once the widget calls its handler. A second call of the
    /// handler is reported to the context's connection as a misuse and changes nothing.
    package func performUpdate(displayMode: WidgetDisplayMode, maximumSizes: [WidgetDisplayMode: CGSize],
                               reply: @escaping @Sendable (WidgetUpdateResult, WidgetState) -> Void) {
        let previous = context.widgetActiveDisplayMode
        context.setWidgetDisplay(active: displayMode, maximumSizes: maximumSizes)
        let controller = loadedController()
        // Shown in another mode than before (a widget the user left expanded): the widget
        // hears of the mode first, as on iOS.
        if displayMode != previous {
            controller.widgetActiveDisplayModeDidChange(displayMode, withMaximumSize: context.widgetMaximumSize(for: displayMode))
            host?.transition(to: context.widgetMaximumSize(for: displayMode))
        }
        let first = FirstCall()
        let context = self.context
        controller.widgetPerformUpdate { [weak self] result in
            guard first.claim() else {
                context.reportMisuse(ExtensionContextError(.updateAlreadyCompleted,
                                                           "widgetPerformUpdate's completion handler was called again (with .\(result.name)); the host took the first answer"))
                return
            }
            Task { @MainActor in
                guard let self else { return }
                reply(result, self.nextState())
            }
        }
    }

    /// Tells the widget the user switched it to `displayMode`, with `maximumSize`; the
    /// state after it redrew.
    package func changeDisplayMode(to displayMode: WidgetDisplayMode, maximumSize: CGSize) -> WidgetState {
        context.setWidgetDisplay(active: displayMode, maximumSizes: [displayMode: maximumSize])
        let controller = loadedController()
        controller.widgetActiveDisplayModeDidChange(displayMode, withMaximumSize: maximumSize)
        host?.transition(to: maximumSize)
        return nextState()
    }

    /// Taps the button with identifier `id` (a `.action` element of the widget's view), as
    /// the person chose it in the host; the state after its actions ran. Refused, with
    /// nothing changed, when the widget has no such button now or it is disabled.
    package func tap(_ id: Int) throws(ViewActionError) -> WidgetState {
        guard let host else { throw ViewActionError(.noSuchElement, "the widget has shown nothing yet: no update has made it") }
        try host.perform(.tap(id))
        return nextState()
    }

    /// The widget as last sent (a refused tap's answer: nothing changed), or as it is now
    /// when nothing was sent yet.
    package func currentState() -> WidgetState {
        published ?? snapshot(revision: revision)
    }

    /// The state the widget's own changes made since the last one sent, if any.
    package func publishIfNeeded() -> WidgetState? {
        guard let published, snapshot(revision: published.revision) != published else { return nil }
        return nextState()
    }

    /// The controller, made and presented the first time: `loadView`, `viewDidLoad`,
    /// `widgetMarginInsets(forProposedMarginInsets:)`, `viewWillAppear`, `viewDidAppear`.
    private func loadedController() -> Controller {
        if let controller { return controller }
        let made = makeController()
        controller = made
        let host = ViewHost(root: made, context: context)
        self.host = host
        host.onNeedsPublish = { [weak self] in self?.onNeedsPublish?() }
        context.observeWidgetLargestMode { [weak self] in
            Task { @MainActor in self?.onNeedsPublish?() }
        }
        made.loadViewIfNeeded()
        _ = made.widgetMarginInsets(forProposedMarginInsets: UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 16))
        host.present()
        return made
    }

    /// The widget now, with the next revision.
    private func nextState() -> WidgetState {
        revision += 1
        let state = snapshot(revision: revision)
        published = state
        return state
    }

    private func snapshot(revision: Int) -> WidgetState {
        WidgetState(revision: revision, view: shownView(),
                    preferredContentSize: WidgetState.Size(controller?.preferredContentSize ?? .zero),
                    largestAvailableDisplayMode: context.widgetLargestAvailableDisplayMode,
                    activeDisplayMode: context.widgetActiveDisplayMode)
    }

    /// What the widget shows: its declared ``WidgetViewController/widgetView`` when it has
    /// one, else its view tree's headings, text, captions, rows, images and buttons in
    /// reading order.
    private func shownView() -> WidgetView {
        if let declared = controller as? WidgetViewController, !declared.widgetView.elements.isEmpty { return declared.widgetView }
        guard let host else { return WidgetView() }
        return WidgetView(host.snapshot().elements.compactMap(WidgetView.Element.init(shown:)))
    }
}

extension WidgetView.Element {
    /// The widget element a view tree's element is, if it has one: a button becomes an
    /// `.action` the host can tap (disabled ones shown as such; hidden ones are not in the
    /// snapshot at all); fields, switches and spinners are not part of a Today widget's
    /// view here (docs/WIDGETS.md).
    init?(shown element: ViewSnapshot.Element) {
        switch element.kind {
        case .heading: self = .title(element.text ?? "")
        case .text, .textView: self = .text(element.text ?? "")
        case .caption: self = .caption(element.text ?? "")
        case .row: self = .row(element.text ?? "", detail: element.detail ?? "")
        case .image:
            guard let data = element.image else { return nil }
            self = .image(WidgetImage(data: data, accessibilityLabel: element.text ?? ""))
        case .button: self = .action(element.text ?? "", id: element.id, isEnabled: element.isEnabled)
        case .textField, .toggle, .activity: return nil
        }
    }
}
