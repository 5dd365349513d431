import Foundation

/// A task as the service keeps it: what `appex transfers list` shows and a reopened
/// session gets back.
package struct TransferTaskSnapshot: Codable, Sendable, Equatable {
    /// Where a task is.
    package enum State: String, Codable, Sendable {
        /// Waiting for its turn, or for the next attempt after a failure.
        case waiting
        /// Sending or receiving now.
        case running
        /// A response came; its event waits for or was taken by the app.
        case completed
        /// It failed for good (attempts spent, a refused file, …).
        case failed
        /// Cancelled by its session or by `appex transfers cancel`.
        case cancelled

        /// Whether the task will not move again.
        package var isFinal: Bool { self == .completed || self == .failed || self == .cancelled }
    }

    /// The service-wide id (`appex transfers show ID`).
    package var id: Int64
    package var application: String
    /// The extension or app that created it.
    package var creator: String
    package var sessionIdentifier: String
    package var sharedContainerIdentifier: String
    package var description: TransferTaskDescription
    package var state: State
    package var bytesSent: Int64
    package var bytesExpectedToSend: Int64
    package var bytesReceived: Int64
    package var bytesExpectedToReceive: Int64
    /// Attempts begun so far.
    package var attempts: Int
    /// When the next attempt is due, while waiting after a failure.
    package var nextAttempt: Date?
    package var statusCode: Int?
    package var failure: TransferFailure?
    package var created: Date
    package var finished: Date?

    package init(id: Int64, application: String, creator: String, sessionIdentifier: String,
                 sharedContainerIdentifier: String, description: TransferTaskDescription, state: State,
                 bytesSent: Int64 = 0, bytesExpectedToSend: Int64 = 0, bytesReceived: Int64 = 0,
                 bytesExpectedToReceive: Int64 = -1, attempts: Int = 0, nextAttempt: Date? = nil,
                 statusCode: Int? = nil, failure: TransferFailure? = nil, created: Date = Date(), finished: Date? = nil) {
        self.id = id
        self.application = application
        self.creator = creator
        self.sessionIdentifier = sessionIdentifier
        self.sharedContainerIdentifier = sharedContainerIdentifier
        self.description = description
        self.state = state
        self.bytesSent = bytesSent
        self.bytesExpectedToSend = bytesExpectedToSend
        self.bytesReceived = bytesReceived
        self.bytesExpectedToReceive = bytesExpectedToReceive
        self.attempts = attempts
        self.nextAttempt = nextAttempt
        self.statusCode = statusCode
        self.failure = failure
        self.created = created
        self.finished = finished
    }
}
