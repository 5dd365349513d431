import ExtensionIPC
import ExtensionUI
import ExtensionWire
import Foundation

extension ExtensionSession {
    /// What the extension's view controller shows, once it is presented; `nil` if the run
    /// ended without one (the extension shows no view controller, or it failed).
    public func viewSnapshot() async -> ViewSnapshot? {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> ViewSnapshot?? in
                if let snapshot = state.view.latest { return .some(snapshot) }
                if state.finished { return .some(nil) }
                state.view.firstWaiters.append(continuation)
                return .none
            }
            if let now { continuation.resume(returning: now) }
        }
    }

    /// Sends what the person did and waits for the extension's answer: the new snapshot,
    /// or the refusal. `nil` when the run ended first.
    ///
    /// One action is in flight at a time (callers are serialized by the answer), and the
    /// answer names the action it replies to, as with the compose sheet (docs/COMPOSE.md,
    /// "Races").
    public func send(_ action: ViewAction) async -> ViewActionReply? {
        let (id, revision) = state.withLock { state -> (Int?, Int) in
            guard !state.finished else { return (nil, 0) }
            return (state.view.replies.ask(), state.view.latest?.revision ?? 0)
        }
        guard let id else { return nil }
        let update = await exchange(.viewAction(ViewActionMessage(actionID: id, seenRevision: revision, action: action)),
                                    id: id, in: \.view.replies)
        return update.map { ViewActionReply(snapshot: $0.snapshot, refusalCode: $0.refusal?.code, refusalMessage: $0.refusal?.message) }
    }

    /// The extension's new snapshot: checked, kept if newest, handed to whoever waits.
    func receive(_ sent: ViewUpdate) {
        let name = installed.identifier
        var update = sent
        if let base = sent.sameViewAs {
            // The view left out is the one of a snapshot the host kept.
            guard let kept = state.withLock({ $0.view.recent[base] }) else {
                return fail(ExtensionHostError(.protocolViolation, "\(name) sent a view update repeating the view of revision \(base), which the host does not have"))
            }
            update.snapshot = sent.snapshot(filledFrom: kept)
        }
        if let problem = options.viewLimits.violation(in: update.snapshot) {
            return fail(ExtensionHostError(.protocolViolation, "\(name) sent a view snapshot the host refuses: \(problem)"))
        }
        // A keyboard's edits: each once, in the order made, whether or not the snapshot
        // carrying them is the newest (docs/KEYBOARDS.md, "Edits in order").
        if let batch = update.snapshot.textEdits {
            let (ready, sink) = state.withLock { ($0.textEdits.accept(batch), $0.textEdits.sink) }
            if !ready.isEmpty { sink?(ready) }
        }
        let result = state.withLock { state -> (newest: Bool, first: [CheckedContinuation<ViewSnapshot?, Never>],
                                                 presented: [CheckedContinuation<ExtensionPresentation?, Never>],
                                                 reply: CheckedContinuation<ViewUpdate?, Never>?, unexpected: Bool) in
            var reply: CheckedContinuation<ViewUpdate?, Never>?
            if let id = update.replyTo {
                let answer = state.view.replies.answer(id, with: update)
                guard answer.accepted else { return (false, [], [], nil, true) }
                reply = answer.waiter
            }
            // A snapshot older than the newest is stale: keep the newest. (One the
            // controller published on its own may overtake a reply on the way.)
            let newest = (state.view.latest?.revision ?? 0) < update.snapshot.revision
            if newest { state.view.latest = update.snapshot }
            state.view.keep(update.snapshot)
            defer { state.view.firstWaiters = []; state.presentationWaiters = [] }
            return (newest, state.view.firstWaiters, state.presentationWaiters, reply, false)
        }
        if result.unexpected {
            return fail(ExtensionHostError(.protocolViolation, "\(name) answered view action \(update.replyTo ?? 0), which the host did not send or was already answered"))
        }
        if result.newest { eventSink.yield(.view(update.snapshot)) }
        result.first.forEach { $0.resume(returning: update.snapshot) }
        result.presented.forEach { $0.resume(returning: .viewController(update.snapshot)) }
        result.reply?.resume(returning: update)
    }

    /// At the end of the run: nobody waits for a snapshot or an answer any more.
    func releaseViewWaiters() {
        let (first, replies) = state.withLock { state in
            defer { state.view.firstWaiters = [] }
            return (state.view.firstWaiters, state.view.replies.release())
        }
        first.forEach { $0.resume(returning: nil) }
        replies.forEach { $0.resume(returning: nil) }
    }
}

/// The view controller as the session knows it.
struct ViewSessionState: Sendable {
    var latest: ViewSnapshot?
    var firstWaiters: [CheckedContinuation<ViewSnapshot?, Never>] = []
    /// Actions sent and not answered yet.
    var replies = PendingReplies<ViewUpdate>()
    /// The last snapshots received, by revision, whole: an update may repeat one's view.
    var recent: [Int: ViewSnapshot] = [:]

    /// Keeps `snapshot` among the last eight.
    mutating func keep(_ snapshot: ViewSnapshot) {
        recent[snapshot.revision] = snapshot
        if recent.count > 8, let oldest = recent.keys.min() { recent[oldest] = nil }
    }
}
