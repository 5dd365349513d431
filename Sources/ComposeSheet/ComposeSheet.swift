import AppExtensions
import ExtensionUI
import Foundation

/// The compose sheet of one request, in the extension's process: applies the user's events
/// to a ``ComposeServiceViewController`` with iOS's rules and answers each with the new
/// ``ComposeSheetState``.
///
/// ```swift
/// let sheet = ComposeSheet(controller: ShareViewController(), context: context)
/// var state = sheet.present()
/// state = try sheet.handle(.textEdited("hello"))   // isContentValid() ran
/// state = try sheet.handle(.post)                  // didSelectPost() ran
/// ```
///
/// The runtime drives it from the host's messages; tests and the in-process harness drive
/// it directly.
@MainActor
public final class ComposeSheet {
    /// The extension's controller.
    public let controller: ComposeServiceViewController
    private var revision = 0
    private var finished = false
    /// Cancel was chosen, or the controller called `cancel()`.
    private var cancelled = false
    private var last: ComposeSheetState?
    /// Inside ``present()`` or ``handle(_:)``: changes go out with their answer.
    private var applying = false
    /// The controller changed what the sheet shows since the last state.
    private var needsPublish = false
    /// Drives the controller's lifecycle and shows its alerts.
    private let host: ViewHost

    /// Called when the controller changes what the sheet shows outside an event (an item's
    /// value after its own async work, the preview once loaded); the runtime answers with
    /// ``publishIfNeeded()`` and sends that state. Several changes before it runs make one
    /// state.
    public var onNeedsPublish: (@MainActor () -> Void)?

    /// A sheet over `controller` for the request of `context`.
    public init(controller: ComposeServiceViewController, context: ExtensionContext) {
        self.controller = controller
        host = ViewHost(root: controller, context: context)
        controller.textView.text = context.inputItems.first?.attributedContentText?.string ?? ""
        controller.sheet = self
        host.onNeedsPublish = { [weak self] in self?.setNeedsPublish() }
    }

    /// Shows the sheet in UIKit's order: `viewDidLoad`, `viewWillAppear`, the items loaded
    /// and the content validated, `viewDidAppear`, then `presentationAnimationDidFinish`;
    /// the first state.
    public func present() -> ComposeSheetState {
        applying = true
        defer { applying = false }
        controller.loadViewIfNeeded()
        controller.beginAppearanceTransition(true, animated: true)
        controller.reloadConfigurationItems()
        controller.validateContent()
        controller.endAppearanceTransition()
        controller.presentationAnimationDidFinish()
        return snapshot()
    }

    /// The controller called `cancel()`: the sheet ends as with Cancel, also after Post (an
    /// alert's action may cancel), but only once.
    func cancelFromController() {
        guard !cancelled else { return }
        cancelled = true
        finished = true
        controller.didSelectCancel()
        setNeedsPublish()
    }

    /// The state after changes the controller made on its own since the last state, one
    /// revision newer; `nil` when nothing changed or the request is over.
    public func publishIfNeeded() -> ComposeSheetState? {
        guard needsPublish, !finished, last != nil else { return nil }
        return snapshot()
    }

    /// Loads what the default preview shows of the first URL or text (the URL, the text's
    /// first line), and publishes it. Does nothing for images and files, or when the load
    /// fails (the preview keeps its title).
    public func loadPreview() async {
        guard let (kind, provider) = controller.previewAttachment(), kind == .url || kind == .text,
              let type = provider.registeredTypeIdentifiers.first else { return }
        let detail: String
        do {
            if kind == .url {
                detail = ComposePreview.detail(of: try await provider.loadItem(forTypeIdentifier: type, as: URL.self))
            } else {
                detail = ComposePreview.detail(ofText: try await provider.loadItem(forTypeIdentifier: type, as: String.self))
            }
        } catch {
            return
        }
        controller.previewDetail = (type, detail)
        setNeedsPublish()
    }

    /// The controller changed something the sheet shows.
    func setNeedsPublish() {
        needsPublish = true
        if !applying, !finished, last != nil { onNeedsPublish?() }
    }

    /// Applies `event`; the new state, or why it could not apply (the state is then
    /// unchanged).
    public func handle(_ event: ComposeSheetEvent) throws(ComposeSheetError) -> ComposeSheetState {
        applying = true
        defer { applying = false }
        // An alert presented after Post (a failed sign-in, say) is answered after the sheet ended.
        if case .alertAction(let index) = event {
            do throws(ViewActionError) {
                try host.perform(.chooseAlertAction(index))
            } catch {
                throw ComposeSheetError(.noSuchAlertAction, error.message)
            }
            return snapshot()
        }
        if case .alertFieldEdited(let index, let text) = event {
            do throws(ViewActionError) {
                try host.perform(.editAlertField(index, text: text))
            } catch {
                throw ComposeSheetError(.noSuchAlertAction, error.message)
            }
            return snapshot()
        }
        guard !finished else { throw ComposeSheetError(.finished, "the request already ended; \(event) is too late") }
        if host.presentedAlert != nil {
            throw ComposeSheetError(.alertShown, "an alert is shown; \(event) waits until one of its actions is chosen")
        }
        switch event {
        case .alertAction, .alertFieldEdited:
            break
        case .textEdited(let text):
            controller.textView.personEdited(text)
            controller.validateContent()
        case .itemTapped(let index):
            guard controller.items.indices.contains(index) else {
                throw ComposeSheetError(.noSuchItem, "there is no configuration item \(index) (the sheet has \(controller.items.count))")
            }
            controller.items[index].tapHandler?()
        case .choiceMade(let index):
            guard let pushed = PushedConfiguration(controller.pushed, host: controller.pushedHost) else {
                throw ComposeSheetError(.noSuchChoice, "no list of choices is shown")
            }
            try pushed.choose(index)
        case .fieldEdited(let text):
            try pushedView().edit(text)
        case .switchToggled(let isOn):
            try pushedView().toggle(isOn)
        case .back:
            guard controller.pushed != nil else { throw ComposeSheetError(.nothingPushed, "Back with no configuration view shown") }
            controller.popConfigurationViewController()
        case .post:
            guard controller.isPostEnabled else {
                throw ComposeSheetError(.postDisabled, "Post is disabled: \(postBlocker())")
            }
            finished = true
            controller.didSelectPost()
        case .cancel:
            cancelled = true
            finished = true
            controller.didSelectCancel()
        }
        return snapshot()
    }

    /// Why Post is disabled, for the refusal.
    private func postBlocker() -> String {
        if controller.pushed != nil { return "a configuration view is shown" }
        if let remaining = controller.charactersRemaining?.intValue, remaining < 0 { return "\(-remaining) characters over the limit" }
        return "isContentValid() returned false"
    }

    /// The state as last sent (no new revision): the reply to a refused event.
    public var currentState: ComposeSheetState {
        guard var state = last else { return snapshot() }
        state.misuses = []
        return state
    }

    /// The state now, one revision newer.
    private func snapshot() -> ComposeSheetState {
        revision += 1
        needsPublish = false
        defer { controller.misuses = [] }
        let view = host.snapshot()
        let pushed = PushedConfiguration(controller.pushed, host: controller.pushedHost)
        let state = ComposeSheetState(
            revision: revision, contentText: controller.contentText ?? "", placeholder: controller.placeholder,
            charactersRemaining: controller.charactersRemaining?.intValue, isContentValid: controller.contentIsValid,
            isPostEnabled: controller.isPostEnabled && !finished,
            items: controller.items.map { .init(title: $0.title ?? "", value: $0.value, valuePending: $0.valuePending) },
            pushed: pushed.map { .init(title: $0.title, content: $0.content) }, preview: previewShown(),
            misuses: controller.misuses + view.misuses, title: view.title, alert: view.alert)
        last = state
        return state
    }

    /// The pushed controller, as the sheet can show and drive it.
    private func pushedView() throws(ComposeSheetError) -> PushedConfiguration {
        guard let pushed = PushedConfiguration(controller.pushed, host: controller.pushedHost) else {
            throw ComposeSheetError(.nothingPushed, "no configuration view is shown")
        }
        return pushed
    }

    /// The preview the controller's `loadPreviewView()` gives, as the host shows it.
    private func previewShown() -> ComposePreview? {
        switch controller.loadPreviewView() {
        case let view as ComposePreviewView:
            return view.preview
        case let imageView as UIImageView:
            guard let image = imageView.image else { return nil }
            return ComposePreview(kind: .image, title: imageView.accessibilityLabel ?? "Image", typeIdentifier: image.format.typeIdentifier)
        case let label as UILabel:
            return label.text.map { ComposePreview(kind: .text, title: $0, typeIdentifier: "public.plain-text") }
        default:
            return nil
        }
    }
}
