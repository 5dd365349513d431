import AppExtensions
import ExtensionHost
import Foundation

extension SheetConnection {
    /// Performs one of the host's actions, with the folder the person gave (or the one it
    /// suggests); the clipboard is the page's. Then the outcome.
    func perform(_ activity: ShareActivity, folder: String?, post: AsyncStream<SheetMessage>.Continuation) async {
        post.yield(.running(id: activity.activityType, name: activity.title, interface: nil))
        var chosen: URL?
        if case .folder(let suggested)? = activity.input {
            let typed = folder?.trimmingCharacters(in: .whitespaces) ?? ""
            chosen = URL(fileURLWithPath: typed.isEmpty ? suggested : (typed as NSString).expandingTildeInPath)
        }
        let pasteboard = SharePasteboard { [self] text in
            if let error = await writeToPageClipboard(text, post: post) { throw WebShareSheetError(.pasteboardFailed, error) }
        }
        let ending: WebShareSheet.Ending
        var outcome = SheetOutcome(id: activity.activityType, name: activity.title, outcome: "completed", message: nil, items: [])
        do {
            let result = try await activity.perform(ShareActivityRequest(items: sheet.items, folder: chosen, pasteboard: pasteboard))
            ending = .performed(ShareCompletion(activityType: activity.activityType, completed: true, returnedItems: result.returnedItems),
                                message: result.message)
            outcome.message = result.message
            outcome.items = await SheetOutcome.lines(of: result.returnedItems)
        } catch {
            ending = .performed(ShareCompletion(activityType: activity.activityType, completed: false, activityError: "\(error)"), message: nil)
            outcome.outcome = "failed"
            outcome.message = "\(error)"
        }
        state.withLock { $0.finished = ending }
        post.yield(.outcome(outcome))
    }

    /// Asks the page to put `text` on the clipboard and waits for its answer: `nil` when
    /// it did, else why not (the page closing is an answer too).
    private func writeToPageClipboard(_ text: String, post: AsyncStream<SheetMessage>.Continuation) async -> String? {
        await withCheckedContinuation { continuation in
            let refused = state.withLock { state -> String? in
                guard state.ending == nil, state.pasteboardWaiter == nil else { return "the sheet's page is gone or busy" }
                state.pasteboardWaiter = continuation
                return nil
            }
            if let refused { return continuation.resume(returning: refused) }
            post.yield(.pasteboard(text))
        }
    }

    /// The page's answer about the clipboard.
    func answerPasteboard(error: String?) {
        state.withLock { state in
            defer { state.pasteboardWaiter = nil }
            return state.pasteboardWaiter
        }?.resume(returning: error)
    }
}
