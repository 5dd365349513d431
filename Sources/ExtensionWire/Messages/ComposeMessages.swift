import ComposeSheet

/// Extension → host: the compose sheet's state, first when the sheet is presented, then in
/// reply to each ``ComposeEventMessage`` (with its ``replyTo``), with the refusal when the
/// event could not apply (the state is then unchanged).
package struct ComposeUpdate: Codable, Sendable {
    /// Why an event was refused.
    package struct Refusal: Codable, Hashable, Sendable {
        /// The ``ComposeSheetError`` code's name.
        package var code: String
        /// What was refused and why.
        package var message: String

        package init(code: String, message: String) {
            self.code = code
            self.message = message
        }
    }

    /// The sheet now.
    package var state: ComposeSheetState
    /// The ``ComposeEventMessage/eventID`` this answers; `nil` for the first state.
    package var replyTo: Int?
    /// Set when the event could not apply.
    package var refusal: Refusal?

    package init(state: ComposeSheetState, replyTo: Int? = nil, refusal: Refusal? = nil) {
        self.state = state
        self.replyTo = replyTo
        self.refusal = refusal
    }
}

/// Host → extension: what the user did on the sheet.
package struct ComposeEventMessage: Codable, Sendable {
    /// Chosen by the host; the reply carries it back.
    package var eventID: Int
    /// The revision of the state the user acted on.
    package var seenRevision: Int
    /// What the user did.
    package var event: ComposeSheetEvent

    package init(eventID: Int, seenRevision: Int, event: ComposeSheetEvent) {
        self.eventID = eventID
        self.seenRevision = seenRevision
        self.event = event
    }
}
