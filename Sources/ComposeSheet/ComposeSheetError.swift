import SystemSupport

/// An event the sheet could not apply, and why; the state is unchanged.
public struct ComposeSheetError: SimpleAppexError, Hashable {
    /// Which refusal; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// No configuration item has that index.
        public static let noSuchItem = Code(rawValue: "no-such-item")
        /// The pushed view has no choice with that index, or is not a list.
        public static let noSuchChoice = Code(rawValue: "no-such-choice")
        /// No view is pushed, or it is not a text field or switch.
        public static let nothingPushed = Code(rawValue: "nothing-pushed")
        /// Post while Post is disabled.
        public static let postDisabled = Code(rawValue: "post-disabled")
        /// The request already ended (posted or cancelled).
        public static let finished = Code(rawValue: "finished")
        /// No alert is presented, or it has no action or field at that index.
        public static let noSuchAlertAction = Code(rawValue: "no-such-alert-action")
        /// An alert is presented: the sheet waits for one of its actions.
        public static let alertShown = Code(rawValue: "alert-shown")
    }

    /// Which refusal.
    public var code: Code
    /// What was refused and why, naming the value.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
