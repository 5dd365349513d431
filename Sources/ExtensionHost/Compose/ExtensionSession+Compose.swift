import ComposeSheet
import ExtensionIPC
import ExtensionWire
import Foundation

extension ExtensionSession {
    /// The compose sheet's state, once the extension presented it; `nil` if the run ended
    /// without one (the extension has no sheet, or it failed).
    public func composeSheet() async -> ComposeSheetState? {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> ComposeSheetState?? in
                if let sheet = state.compose.latest { return .some(sheet) }
                if state.finished { return .some(nil) }
                state.compose.firstWaiters.append(continuation)
                return .none
            }
            if let now { continuation.resume(returning: now) }
        }
    }

    /// Sends the user's `event` and waits for the extension's answer: the new state, or the
    /// refusal. `nil` when the run ended first.
    ///
    /// One event is in flight at a time (callers are serialized by the answer), and the
    /// answer names the event it replies to, so a front end never shows Post enabled from
    /// a state older than the user's last edit (docs/COMPOSE.md, "Races").
    public func send(_ event: ComposeSheetEvent) async -> ComposeSheetReply? {
        let (id, revision) = state.withLock { state -> (Int, Int) in
            defer { state.compose.nextEventID += 1 }
            return (state.compose.nextEventID, state.compose.latest?.revision ?? 0)
        }
        let expected = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            state.compose.expected.insert(id)
            return true
        }
        guard expected else { return nil }
        // Straight onto the channel from the caller's task (frames go out whole and in
        // order); a reply that comes before the wait below is kept for it.
        do {
            try await send(.composeEvent(ComposeEventMessage(eventID: id, seenRevision: revision, event: event)))
        } catch {
            _ = state.withLock { $0.compose.expected.remove(id) }
            return nil
        }
        return await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> ComposeSheetReply?? in
                if let arrived = state.compose.arrived.removeValue(forKey: id) {
                    state.compose.expected.remove(id)
                    return .some(arrived)
                }
                if state.finished { return .some(nil) }
                state.compose.replyWaiters[id] = continuation
                return .none
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// The extension's new state: checked, kept, handed to whoever waits.
    func receive(_ update: ComposeUpdate) {
        if let problem = options.composeLimits.violation(in: update.state) {
            return fail(ExtensionHostError(.protocolViolation, "\(installed.identifier) sent a compose sheet state the host refuses: \(problem)"))
        }
        let answer = ComposeSheetReply(state: update.state, refusalCode: update.refusal?.code, refusalMessage: update.refusal?.message)
        let (newest, first, presented, reply) = state.withLock { state -> (Bool, [CheckedContinuation<ComposeSheetState?, Never>], [CheckedContinuation<ExtensionPresentation?, Never>], CheckedContinuation<ComposeSheetReply?, Never>?) in
            // A state older than the newest is stale: keep the newest. (A state the
            // extension published on its own may overtake a reply on the way.)
            let newest = (state.compose.latest?.revision ?? 0) < update.state.revision
            if newest { state.compose.latest = update.state }
            defer { state.compose.firstWaiters = []; state.presentationWaiters = [] }
            var waiter: CheckedContinuation<ComposeSheetReply?, Never>?
            if let id = update.replyTo {
                waiter = state.compose.replyWaiters.removeValue(forKey: id)
                if waiter != nil { state.compose.expected.remove(id) }
                else if state.compose.expected.contains(id) { state.compose.arrived[id] = answer }
            }
            return (newest, state.compose.firstWaiters, state.presentationWaiters, waiter)
        }
        if newest { eventSink.yield(.composeSheet(update.state)) }
        first.forEach { $0.resume(returning: update.state) }
        presented.forEach { $0.resume(returning: .composeSheet(update.state)) }
        reply?.resume(returning: answer)
    }

    /// At the end of the run: nobody waits for a sheet any more.
    func releaseComposeWaiters() {
        let (first, replies) = state.withLock { state in
            defer { state.compose.firstWaiters = []; state.compose.replyWaiters = [:] }
            return (state.compose.firstWaiters, Array(state.compose.replyWaiters.values))
        }
        first.forEach { $0.resume(returning: nil) }
        replies.forEach { $0.resume(returning: nil) }
    }
}

/// The compose sheet as the session knows it.
struct ComposeSessionState: Sendable {
    var latest: ComposeSheetState?
    var nextEventID = 1
    var firstWaiters: [CheckedContinuation<ComposeSheetState?, Never>] = []
    var replyWaiters: [Int: CheckedContinuation<ComposeSheetReply?, Never>] = [:]
    /// Events sent whose reply nobody waits for yet, and replies that came before the wait.
    var expected: Set<Int> = []
    var arrived: [Int: ComposeSheetReply] = [:]
}
