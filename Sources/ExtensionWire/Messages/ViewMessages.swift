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
    /// Set when what the controller shows — title, bar buttons, elements, alert, preferred
    /// size — is the snapshot of this revision's: those fields are then left out of
    /// ``snapshot``, and the host takes them from the one it kept (a keyboard's key that
    /// changes nothing on screen costs no view).
    package var sameViewAs: Int?

    package init(snapshot: ViewSnapshot, replyTo: Int? = nil, refusal: Refusal? = nil, sameViewAs: Int? = nil) {
        self.snapshot = snapshot
        self.replyTo = replyTo
        self.refusal = refusal
        self.sameViewAs = sameViewAs
    }

    /// An update for `snapshot`, with its view left out when it shows what `previous` showed.
    package static func sending(_ snapshot: ViewSnapshot, after previous: ViewSnapshot?, replyTo: Int? = nil,
                                refusal: Refusal? = nil) -> ViewUpdate {
        guard let previous, previous.showsSameView(as: snapshot) else {
            return ViewUpdate(snapshot: snapshot, replyTo: replyTo, refusal: refusal)
        }
        var slim = snapshot
        slim.title = nil
        slim.barButtons = []
        slim.elements = []
        slim.alert = nil
        return ViewUpdate(snapshot: slim, replyTo: replyTo, refusal: refusal, sameViewAs: previous.revision)
    }

    /// The snapshot whole, its view taken from `base` when it was left out.
    package func snapshot(filledFrom base: ViewSnapshot) -> ViewSnapshot {
        var whole = snapshot
        whole.title = base.title
        whole.barButtons = base.barButtons
        whole.elements = base.elements
        whole.alert = base.alert
        return whole
    }
}

extension ViewSnapshot {
    /// Whether `other` shows what this shows: the same title, bar buttons, elements, alert and
    /// preferred size (its revision, misuses and edits aside).
    package func showsSameView(as other: ViewSnapshot) -> Bool {
        title == other.title && barButtons == other.barButtons && elements == other.elements && alert == other.alert
            && preferredWidth == other.preferredWidth && preferredHeight == other.preferredHeight
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
