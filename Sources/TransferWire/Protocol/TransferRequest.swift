import Foundation

/// What a client asks of the transfer service: one JSON frame each, answered by a
/// ``TransferNotice/reply(_:)`` with the same ``TransferEnvelope/id``.
///
/// docs/TRANSFERS.md lists who may ask what: an extension and an app only about their own
/// app's sessions, the `appex` command itself about everything.
package enum TransferRequest: Codable, Sendable, Equatable {
    /// Who the caller is: a launched extension presents its host's token; an app or the
    /// `appex` command presents none and is known by its executable (the socket's peer).
    case hello(token: String?)
    /// Opens a background session by identifier; at most one process holds one at a time.
    /// The reply carries the session's tasks and the next free task identifier, then its
    /// undelivered events follow as notices.
    case openSession(identifier: String, sharedContainerIdentifier: String?)
    /// Starts a task of the open session; an upload's file rides along as a descriptor.
    case start(TransferTaskDescription)
    /// Cancels a task of the open session.
    case cancel(taskIdentifier: Int)
    /// Cancels any task by its service-wide id (the `appex` command only).
    case cancelTask(id: Int64)
    /// The app has handled an event: it is never delivered again.
    case acknowledge(eventID: Int64)
    /// The tasks, newest first, optionally of one app (the `appex` command only; an app sees its own).
    case list(application: String?)
    /// Asks to be told at once when events wait for `application`'s sessions
    /// (``TransferNotice/eventsPending(application:sessionIdentifier:)``).
    case watch(application: String)
    /// Takes the oldest undelivered event of `application` for a script
    /// (`appex transfers wait`); `nil` in the reply when none waits.
    case takeEvent(application: String, sessionIdentifier: String?)
    /// Asks to be told of every change of the tasks, of one app or (the `appex` command
    /// only) of all: ``TransferNotice/taskChanged(_:)`` when one is created, starts, waits to
    /// retry or ends, and as it moves (at most ten times a second), until the client goes.
    case follow(application: String?)
    /// What is wrong with the service itself (``TransferServiceCondition``), answered by
    /// ``TransferReply/conditions(_:)``; anyone connected may ask.
    case conditions
}

/// A task as its creator describes it to the service.
package struct TransferTaskDescription: Codable, Sendable, Equatable {
    /// Upload or download.
    package enum Kind: String, Codable, Sendable {
        case upload, download
    }

    /// The identifier the creating process chose (unique in the session: only one process
    /// holds a session, and the service tells it the next free one).
    package var taskIdentifier: Int
    package var kind: Kind
    package var url: String
    package var method: String
    /// Header fields in order; a name may repeat.
    package var headers: [HeaderField]
    /// The app's own label for the task (`taskDescription`).
    package var taskDescription: String?

    package init(taskIdentifier: Int, kind: Kind, url: String, method: String, headers: [HeaderField],
                 taskDescription: String? = nil) {
        self.taskIdentifier = taskIdentifier
        self.kind = kind
        self.url = url
        self.method = method
        self.headers = headers
        self.taskDescription = taskDescription
    }
}

/// One HTTP header field.
package struct HeaderField: Codable, Sendable, Equatable, Hashable {
    package var name: String
    package var value: String

    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
