import ExtensionUI

/// Extension → host: what the extension's view controller shows, first when it is
/// presented, then in reply to each ``ViewActionMessage`` (with its ``replyTo``), with the
/// refusal when the action could not apply (the snapshot is then unchanged), and without
/// ``replyTo`` when the controller changed what it shows on its own.
package struct ViewUpdate: Codable, Sendable {
    /// Why an action was refused.
    package struct Refusal: Codable, Hashable, Sendable {
        /// The ``ViewActionError`` code's name (`no-such-element`, `disabled`, …).
        package var code: String
        /// What was refused and why.
        package var message: String

        package init(code: String, message: String) {
            self.code = code
            self.message = message
        }
    }

    /// The controller now.
    package var snapshot: ViewSnapshot
    /// The ``ViewActionMessage/actionID`` this answers; `nil` for the first snapshot and
    /// for changes the controller made on its own.
    package var replyTo: Int?
    /// Set when the action could not apply.
    package var refusal: Refusal?

    package init(snapshot: ViewSnapshot, replyTo: Int? = nil, refusal: Refusal? = nil) {
        self.snapshot = snapshot
        self.replyTo = replyTo
        self.refusal = refusal
    }
}

/// Host → extension: what the person did in the host's rendering of the controller.
package struct ViewActionMessage: Codable, Sendable {
    /// Chosen by the host; the reply carries it back.
    package var actionID: Int
    /// The revision of the snapshot the person acted on.
    package var seenRevision: Int
    /// What the person did.
    package var action: ViewAction

    package init(actionID: Int, seenRevision: Int, action: ViewAction) {
        self.actionID = actionID
        self.seenRevision = seenRevision
        self.action = action
    }
}
