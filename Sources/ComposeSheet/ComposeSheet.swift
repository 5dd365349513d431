import AppExtensions
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
    private var last: ComposeSheetState?
    /// Inside ``present()`` or ``handle(_:)``: changes go out with their answer.
    private var applying = false
    /// The controller changed what the sheet shows since the last state.
    private var needsPublish = false

    /// Called when the controller changes what the sheet shows outside an event (an item's
    /// value after its own async work, the preview once loaded); the runtime answers with
    /// ``publishIfNeeded()`` and sends that state. Several changes before it runs make one
    /// state.
    public var onNeedsPublish: (@MainActor () -> Void)?

    /// A sheet over `controller` for the request of `context`.
    public init(controller: ComposeServiceViewController, context: ExtensionContext) {
        self.controller = controller
        controller.extensionContext = context
        controller.contentText = context.inputItems.first?.attributedContentText?.string ?? ""
        controller.sheet = self
    }

    /// Shows the sheet: loads the items, validates the content, then tells the controller
    /// the presentation finished; the first state.
    public func present() -> ComposeSheetState {
        applying = true
        defer { applying = false }
        controller.reloadConfigurationItems()
        controller.validateContent()
        controller.presentationAnimationDidFinish()
        return snapshot()
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
        guard !finished else { throw ComposeSheetError(.finished, "the request already ended; \(event) is too late") }
        applying = true
        defer { applying = false }
        switch event {
        case .textEdited(let text):
            controller.contentText = text
            controller.validateContent()
        case .itemTapped(let index):
            guard controller.items.indices.contains(index) else {
                throw ComposeSheetError(.noSuchItem, "there is no configuration item \(index) (the sheet has \(controller.items.count))")
            }
            controller.items[index].tapHandler?()
        case .choiceMade(let index):
            guard case .choices(let choices, _, let onChoose)? = controller.pushed?.content else {
                throw ComposeSheetError(.noSuchChoice, "no list of choices is shown")
            }
            guard choices.indices.contains(index) else {
                throw ComposeSheetError(.noSuchChoice, "the list has no choice \(index) (it has \(choices.count))")
            }
            onChoose(index)
        case .fieldEdited(let text):
            guard case .textField(_, let placeholder, let onChange)? = controller.pushed?.content, let view = controller.pushed else {
                throw ComposeSheetError(.nothingPushed, "no text field is shown")
            }
            view.content = .textField(text: text, placeholder: placeholder, onChange: onChange)
            onChange(text)
        case .switchToggled(let isOn):
            guard case .toggle(let label, _, let onChange)? = controller.pushed?.content, let view = controller.pushed else {
                throw ComposeSheetError(.nothingPushed, "no switch is shown")
            }
            view.content = .toggle(label: label, isOn: isOn, onChange: onChange)
            onChange(isOn)
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
            finished = true
            controller.didSelectCancel()
        }
        return snapshot()
    }

    /// Why Post is disabled, for the refusal.
    private func postBlocker() -> String {
        if controller.pushed != nil { return "a configuration view is shown" }
        if let remaining = controller.charactersRemaining, remaining < 0 { return "\(-remaining) characters over the limit" }
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
        let state = ComposeSheetState(
            revision: revision, contentText: controller.contentText, placeholder: controller.placeholder,
            charactersRemaining: controller.charactersRemaining, isContentValid: controller.contentIsValid,
            isPostEnabled: controller.isPostEnabled && !finished,
            items: controller.items.map { .init(title: $0.title ?? "", value: $0.value, valuePending: $0.valuePending) },
            pushed: controller.pushed.map { .init(title: $0.title, content: Self.content($0.content)) },
            preview: controller.loadPreviewView(), misuses: controller.misuses)
        last = state
        return state
    }

    private static func content(_ content: ComposeConfigurationView.Content) -> ComposeSheetState.PushedView.Content {
        switch content {
        case .choices(let choices, let selected, _): .choices(choices, selected: selected)
        case .textField(let text, let placeholder, _): .textField(text: text, placeholder: placeholder)
        case .toggle(let label, let isOn, _): .toggle(label: label, isOn: isOn)
        }
    }
}
