import Foundation

/// What the service tells a client: replies to its requests, and news it did not ask for.
package enum TransferNotice: Codable, Sendable, Equatable {
    /// The answer to the request with the same envelope id.
    case reply(TransferReply)
    /// A running task of the client's open session moved.
    case progress(TransferProgress)
    /// An event of the client's open session, to handle and then acknowledge.
    case event(TransferEvent)
    /// Every event that waited when the session was opened has been sent
    /// (`urlSessionDidFinishEvents(forBackgroundURLSession:)`).
    case eventsFinished(sessionIdentifier: String)
    /// Events wait for one of the watched app's sessions: open it to receive them.
    case eventsPending(application: String, sessionIdentifier: String)
    /// A followed task changed (``TransferRequest/follow(application:)``): how it is now.
    case taskChanged(TransferTaskSnapshot)
    /// A condition of the service was reported again, or started or ended (to followers):
    /// every condition now.
    case conditionsChanged([TransferServiceCondition])
}

/// The answer to one request: a value or the reason it was refused.
package enum TransferReply: Codable, Sendable, Equatable {
    case welcome(TransferCaller)
    case sessionOpened(tasks: [TransferTaskSnapshot], nextTaskIdentifier: Int)
    case done
    case tasks([TransferTaskSnapshot])
    case event(TransferEvent?)
    case conditions([TransferServiceCondition])
    case refused(TransferFailure)
}

/// Who the service decided the caller is.
package struct TransferCaller: Codable, Sendable, Equatable {
    package enum Kind: String, Codable, Sendable {
        /// A launched extension, known by its host's grant.
        case `extension`
        /// An installed app, known by its executable.
        case application
        /// The `appex` command: it may see and cancel every task.
        case administrator
    }

    package var kind: Kind
    /// The caller's bundle identifier (the extension's or the app's); `appex` for the command.
    package var bundleIdentifier: String
    /// The app whose sessions the caller may open; `nil` for the command.
    package var applicationIdentifier: String?
    /// The app groups it may name as a session's shared container.
    package var appGroups: [String]

    package init(kind: Kind, bundleIdentifier: String, applicationIdentifier: String?, appGroups: [String]) {
        self.kind = kind
        self.bundleIdentifier = bundleIdentifier
        self.applicationIdentifier = applicationIdentifier
        self.appGroups = appGroups
    }
}

/// How far a task has got.
package struct TransferProgress: Codable, Sendable, Equatable {
    package var taskIdentifier: Int
    package var bytesSent: Int64
    package var bytesExpectedToSend: Int64
    package var bytesReceived: Int64
    package var bytesExpectedToReceive: Int64

    package init(taskIdentifier: Int, bytesSent: Int64, bytesExpectedToSend: Int64,
                 bytesReceived: Int64, bytesExpectedToReceive: Int64) {
        self.taskIdentifier = taskIdentifier
        self.bytesSent = bytesSent
        self.bytesExpectedToSend = bytesExpectedToSend
        self.bytesReceived = bytesReceived
        self.bytesExpectedToReceive = bytesExpectedToReceive
    }
}

/// A finished task, kept by the service until its app acknowledges it: exactly once.
package struct TransferEvent: Codable, Sendable, Equatable {
    package var id: Int64
    package var application: String
    package var sessionIdentifier: String
    package var taskIdentifier: Int
    package var kind: TransferTaskDescription.Kind
    package var url: String
    /// The last response's status and header fields, when a response came.
    package var statusCode: Int?
    package var responseHeaders: [HeaderField]
    /// The start of the response body (an upload's answer), up to the service's limit.
    package var responseBody: Data?
    /// A finished download's file in the shared container. It is removed once the event
    /// is acknowledged, as iOS removes it when `didFinishDownloadingTo` returns: move it.
    package var location: String?
    /// Why the task failed; `nil` when a response came (whatever its status).
    package var failure: TransferFailure?
    package var finished: Date

    package init(id: Int64, application: String, sessionIdentifier: String, taskIdentifier: Int,
                 kind: TransferTaskDescription.Kind, url: String, statusCode: Int?, responseHeaders: [HeaderField],
                 responseBody: Data?, location: String?, failure: TransferFailure?, finished: Date) {
        self.id = id
        self.application = application
        self.sessionIdentifier = sessionIdentifier
        self.taskIdentifier = taskIdentifier
        self.kind = kind
        self.url = url
        self.statusCode = statusCode
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
        self.location = location
        self.failure = failure
        self.finished = finished
    }
}
