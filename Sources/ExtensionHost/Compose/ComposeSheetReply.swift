import ComposeSheet

/// The extension's answer to one user event on its compose sheet.
public struct ComposeSheetReply: Hashable, Sendable {
    /// The sheet after the event (unchanged when it was refused).
    public var state: ComposeSheetState
    /// Why the event could not apply (`no-such-item`, `post-disabled`, …), if it could not.
    public var refusal: (code: String, message: String)? {
        refusalCode.map { ($0, refusalMessage ?? "") }
    }

    var refusalCode: String?
    var refusalMessage: String?

    init(state: ComposeSheetState, refusalCode: String?, refusalMessage: String?) {
        self.state = state
        self.refusalCode = refusalCode
        self.refusalMessage = refusalMessage
    }
}
