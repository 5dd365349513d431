import ExtensionUI
import ExtensionWire

extension ExtensionSession {
    /// From now on, the keyboard's edits go to `sink`, in the order made, each once; on the
    /// session's thread, before the reply to the key that made them is handed out.
    func deliverTextEdits(_ sink: @escaping @Sendable ([TextInputEdit]) -> Void) {
        state.withLock { $0.textEdits.sink = sink }
    }

    /// Hands the keyboard a key of the person's own keyboard (or a tap on a key it shows)
    /// and waits, at most `deadline`, for its answer: the new snapshot, or a refusal
    /// (`not-handled` when no key of its view took a press). `nil` when the run ended
    /// first, or the deadline passed (the run then ends with `key-timed-out`).
    func act(_ action: ViewAction, deadline: Duration) async -> ViewActionReply? {
        let what = switch action {
        case .press(let key): "answer the key \(key.characters.debugDescription)"
        case .tap(let id): "answer a tap on its element \(id)"
        default: "answer \(action)"
        }
        return await withDeadline(deadline, .keyTimedOut, doing: what) {
            await send(action)
        }
    }

    /// The newest snapshot of the extension's view, without waiting.
    var latestView: ViewSnapshot? {
        state.withLock { $0.view.latest }
    }

    /// How the run failed, if it has failed by now.
    var failureSoFar: ExtensionHostError? {
        state.withLock { state in
            guard state.decided, case .failed(let error) = state.report.outcome else { return nil }
            return error
        }
    }

    /// Tells the keyboard the app's field changed on its own.
    func documentDidChange(to document: TextDocumentContext) async {
        // A send fails only when the run is over; the typing has then fallen back already.
        try? await send(.textDocument(TextDocumentChange(document: document)))
    }
}
