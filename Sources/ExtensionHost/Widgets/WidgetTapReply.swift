import TodayWidgets

/// What choosing one of a widget's own buttons came to.
public struct WidgetTapReply: Hashable, Sendable {
    /// The widget after its button's actions ran (as it was, when refused).
    public var state: WidgetState
    /// Why the tap could not apply (`no-such-element`, `disabled`, `wrong-kind`), if it could not.
    public var refusal: (code: String, message: String)? {
        refusalCode.map { ($0, refusalMessage ?? "") }
    }

    var refusalCode: String?
    var refusalMessage: String?

    init(state: WidgetState, refusalCode: String? = nil, refusalMessage: String? = nil) {
        self.state = state
        self.refusalCode = refusalCode
        self.refusalMessage = refusalMessage
    }
}
