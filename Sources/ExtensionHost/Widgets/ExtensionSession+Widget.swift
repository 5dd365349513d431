import AppExtensions
import ExtensionIPC
import ExtensionWire
import Foundation
import TodayWidgets

/// What a widget's update came to: Apple's `NCUpdateResult` and the widget's state.
public struct WidgetUpdateReply: Hashable, Sendable {
    /// What the widget said.
    public var result: WidgetUpdateResult
    /// The widget when it said it.
    public var state: WidgetState
}

extension ExtensionSession {
    /// Asks the widget to update in `displayMode` and waits for its answer; `nil` when the
    /// run ended first (it crashed, broke a limit, or the update took longer than
    /// `timeout`, which ends the run with ``ExtensionHostError/Code/updateTimedOut``).
    public func updateWidget(displayMode: WidgetDisplayMode = .compact, sizes: WidgetSizes = WidgetSizes(),
                             timeout: Duration? = nil) async -> WidgetUpdateReply? {
        guard await requestSent() else { return nil }
        let id = expectWidgetReply()
        let request = WidgetUpdateRequest(updateID: id, displayMode: displayMode, compactSize: WidgetState.Size(sizes.compact),
                                          expandedSize: WidgetState.Size(sizes.expanded))
        let answer = await withDeadline(timeout, .updateTimedOut, doing: "complete its widget update") {
            await exchange(.widgetUpdate(request), id: id)
        }
        guard let answer, let result = answer.result else { return nil }
        return WidgetUpdateReply(result: result, state: answer.state)
    }

    /// Tells the widget the user switched it to `displayMode` with `maximumSize`, and waits
    /// for its new state; `nil` when the run ended first.
    public func changeWidgetDisplayMode(to displayMode: WidgetDisplayMode, maximumSize: CGSize) async -> WidgetState? {
        guard await requestSent() else { return nil }
        let id = expectWidgetReply()
        let change = WidgetDisplayModeChange(changeID: id, displayMode: displayMode, maximumSize: WidgetState.Size(maximumSize))
        return await exchange(.widgetDisplayMode(change), id: id)?.state
    }

    /// Chooses the widget's own button with identifier `elementID` (a `.action` element of
    /// its view): its process taps it, its actions run, and it answers with its new state or
    /// why it could not (``WidgetTapReply/refusal``). `nil` when the run ended first.
    public func tapWidgetButton(_ elementID: Int) async -> WidgetTapReply? {
        guard await requestSent() else { return nil }
        let (id, revision) = state.withLock { ($0.widget.replies.ask(), $0.widget.latest?.revision ?? 0) }
        let tap = WidgetTap(tapID: id, elementID: elementID, seenRevision: revision)
        return await exchange(.widgetTap(tap), id: id).map {
            WidgetTapReply(state: $0.state, refusalCode: $0.refusal?.code, refusalMessage: $0.refusal?.message)
        }
    }

    /// A fresh identifier for an update or a mode change, whose answer is now expected.
    private func expectWidgetReply() -> Int {
        state.withLock { $0.widget.replies.ask() }
    }

    /// Sends `message` and waits for the answer to `id`; `nil` when the run ended first.
    private func exchange(_ message: WireMessage, id: Int) async -> WidgetStateMessage? {
        await exchange(message, id: id, in: \.widget.replies)
    }

    /// The widget's state: checked, kept if newest, handed to whoever waits for it.
    func receive(_ message: WidgetStateMessage) {
        let name = installed.identifier
        if let problem = options.widgetLimits.violation(in: message.state) {
            return fail(ExtensionHostError(.protocolViolation, "\(name) sent a widget state the host refuses: \(problem)"))
        }
        let answers = message.answers
        if message.updateID != nil, message.result == nil {
            return fail(ExtensionHostError(.protocolViolation, "\(name) answered widget update \(message.updateID ?? 0) without a result"))
        }
        let (newest, waiter, unexpected) = state.withLock { state -> (Bool, CheckedContinuation<WidgetStateMessage?, Never>?, Bool) in
            var waiter: CheckedContinuation<WidgetStateMessage?, Never>?
            if let answers {
                let answer = state.widget.replies.answer(answers, with: message)
                guard answer.accepted else { return (false, nil, true) }
                waiter = answer.waiter
            }
            let newest = (state.widget.latest?.revision ?? 0) < message.state.revision
            if newest { state.widget.latest = message.state }
            return (newest, waiter, false)
        }
        if unexpected {
            return fail(ExtensionHostError(.protocolViolation, "\(name) answered widget request \(answers ?? 0), which the host did not send or was already answered"))
        }
        if newest { eventSink.yield(.widget(message.state)) }
        waiter?.resume(returning: message)
    }

    /// At the end of the run: nobody waits for a widget's answer any more.
    func releaseWidgetWaiters() {
        state.withLock { $0.widget.replies.release() }.forEach { $0.resume(returning: nil) }
    }
}

/// The widget as the session knows it.
struct WidgetSessionState: Sendable {
    var latest: WidgetState?
    /// Updates and mode changes sent and not answered yet.
    var replies = PendingReplies<WidgetStateMessage>()
}
