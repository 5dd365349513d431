/// What the user did on the sheet, as the host reports it to the extension.
public enum ComposeSheetEvent: Hashable, Sendable, Codable {
    /// The text view now holds this text.
    case textEdited(String)
    /// The configuration item at this index was tapped.
    case itemTapped(Int)
    /// In the pushed list, the choice at this index was chosen.
    case choiceMade(Int)
    /// The pushed text field now holds this text.
    case fieldEdited(String)
    /// The pushed switch was set to this state.
    case switchToggled(Bool)
    /// Back, out of the pushed view.
    case back
    /// Post.
    case post
    /// Cancel.
    case cancel
}

/// An event the sheet could not apply, and why; the state is unchanged.
public struct ComposeSheetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which refusal; extensible.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's stable name.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

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

    public var description: String { "\(code): \(message)" }
}
