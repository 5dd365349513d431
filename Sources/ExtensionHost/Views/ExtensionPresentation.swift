import ComposeSheet
import ExtensionUI

/// What an extension presents to the person: the standard compose sheet, or its own view
/// controller. A front end waits for it (``ExtensionSession/presentation()``) and draws
/// the one that came.
public enum ExtensionPresentation: Hashable, Sendable {
    /// The compose sheet's first state.
    case composeSheet(ComposeSheetState)
    /// The view controller's first snapshot.
    case viewController(ViewSnapshot)
}

extension ExtensionSession {
    /// What the extension presents, once it does; `nil` when the run ended without either
    /// (an extension that only completes, or one that failed).
    public func presentation() async -> ExtensionPresentation? {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> ExtensionPresentation?? in
                if let sheet = state.compose.latest { return .some(.composeSheet(sheet)) }
                if let view = state.view.latest { return .some(.viewController(view)) }
                if state.finished { return .some(nil) }
                state.presentationWaiters.append(continuation)
                return .none
            }
            if let now { continuation.resume(returning: now) }
        }
    }

    /// At the end of the run: nobody waits for a presentation any more.
    func releasePresentationWaiters() {
        let waiters = state.withLock { state in
            defer { state.presentationWaiters = [] }
            return state.presentationWaiters
        }
        waiters.forEach { $0.resume(returning: nil) }
    }
}
