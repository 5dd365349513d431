import AppExtensions
import ExtensionUI
import Foundation

/// Runs one photo editor's controller on the main actor, in Apple's order: made when the
/// host's first message comes, asked ``canHandle(_:)``, started, then finished or cancelled.
/// The runtime drives it from the host's messages; a test drives it directly.
@MainActor
package final class ContentEditingDriver {
    private let make: @MainActor () -> Controlled
    private var controlled: Controlled?
    private let context: ExtensionContext
    private var started = false
    private var ended = false

    /// The controller's calls, with its placeholder type bound.
    private struct Controlled {
        /// The controller as a view controller, when it is one (as on iOS): its lifecycle
        /// is driven around the edit.
        let host: ViewHost?
        let canHandle: @MainActor (AdjustmentData) -> Bool
        let start: @MainActor (ContentEditingInput, String) -> Bool
        let finish: @MainActor (@escaping @Sendable (ContentEditingOutput?) -> Void) -> Void
        let cancel: @MainActor () -> Void
        let shouldShowCancelConfirmation: @MainActor () -> Bool
    }

    /// A driver for the controller `makeController` makes, with `context` as its context.
    package init<Controller: ContentEditingController>(context: ExtensionContext, makeController: @escaping @MainActor () -> Controller) {
        self.context = context
        make = {
            let controller = makeController()
            let host = (controller as? UIViewController).map { ViewHost(root: $0, context: context) }
            (controller as? UIViewController)?.loadViewIfNeeded()
            return Controlled(
                host: host,
                canHandle: { controller.canHandle($0) },
                start: { input, placeholder in
                    guard let image = Controller.PlaceholderImage(contentsOfFile: placeholder) else { return false }
                    controller.startContentEditing(with: input, placeholderImage: image)
                    return true
                },
                finish: { controller.finishContentEditing(completionHandler: $0) },
                cancel: { controller.cancelContentEditing() },
                shouldShowCancelConfirmation: { controller.shouldShowCancelConfirmation })
        }
    }

    /// Whether the editor can resume from `adjustmentData`.
    package func canHandle(_ adjustmentData: AdjustmentData) -> Bool {
        loaded().canHandle(adjustmentData)
    }

    /// Starts editing `input` with the display-size image at `placeholderPath`; the
    /// editor's ``ContentEditingController/shouldShowCancelConfirmation`` afterwards.
    package func start(_ input: ContentEditingInput, placeholderPath: String) throws(ContentEditingError) -> Bool {
        guard !started else { throw ContentEditingError(.outOfOrder, "editing was already started") }
        started = true
        guard loaded().start(input, placeholderPath) else {
            throw ContentEditingError(.placeholderUnreadable, "the display-size image cannot be read as the editor's placeholder image type")
        }
        loaded().host?.present()
        return loaded().shouldShowCancelConfirmation()
    }

    /// The user tapped Done: `reply` gets the output once the editor calls its handler. A
    /// second call of the handler is reported as a misuse and changes nothing.
    package func finish(reply: @escaping @Sendable (ContentEditingOutput?) -> Void) throws(ContentEditingError) {
        try end()
        let first = FirstCall()
        let context = self.context
        let host = loaded().host
        loaded().finish { output in
            Task { @MainActor in host?.dismiss() }
            guard first.claim() else {
                return context.reportMisuse(ExtensionContextError(.editingAlreadyFinished,
                    "finishContentEditing's completion handler was called again; the host took the first output"))
            }
            reply(output)
        }
    }

    /// The user cancelled.
    package func cancel() throws(ContentEditingError) {
        try end()
        loaded().cancel()
        loaded().host?.dismiss()
    }

    /// The editor's title (a view controller's), for the host to show; `nil` without one.
    package var title: String? {
        loaded().host?.snapshot().title
    }

    private func end() throws(ContentEditingError) {
        guard started else { throw ContentEditingError(.outOfOrder, "editing was not started") }
        guard !ended else { throw ContentEditingError(.outOfOrder, "editing was already finished or cancelled") }
        ended = true
    }

    private func loaded() -> Controlled {
        if let controlled { return controlled }
        let made = make()
        controlled = made
        return made
    }
}
