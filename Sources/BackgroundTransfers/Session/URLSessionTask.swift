import Foundation
@preconcurrency import FoundationNetworking
import Synchronization

/// One upload or download of a background session: Apple's `URLSessionTask`.
///
/// A task is created suspended; ``resume()`` hands it to the transfer service and returns
/// once the service has it on disk, so the process may exit right after. From then on the
/// service owns it: progress and the ending come back through the session's delegate, in
/// this process if it still holds the session, else in whichever process opens the
/// session's identifier next (the containing app).
public class URLSessionTask: @unchecked Sendable, CustomStringConvertible {
    // @unchecked: every mutable field lives in `values` (a Mutex); the rest is `let`.
    // Subclasses (Apple's hierarchy) add no stored state.

    /// Where a task is: Apple's states.
    public enum State: Int, Sendable {
        case running = 0, suspended = 1, canceling = 2, completed = 3
    }

    struct Values: Sendable {
        var state: State = .suspended
        var response: HTTPURLResponse?
        var error: (any Error)?
        var countOfBytesSent: Int64 = 0
        var countOfBytesExpectedToSend: Int64 = 0
        var countOfBytesReceived: Int64 = 0
        var countOfBytesExpectedToReceive: Int64 = -1
        var taskDescription: String?
        /// The upload's file, opened at creation, handed over at resume.
        var uploadFile: URL?
        /// Why the task can never start (a data task, a missing file): it fails at resume.
        var refusal: (any Error)?
    }

    let values: Mutex<Values>
    /// The session that made it, or reopened it (`nil` only while it is being built).
    weak var session: URLSession?
    let kind: TransferTaskDescription.Kind?

    /// Unique within the session.
    public let taskIdentifier: Int
    /// The request as the task was created with.
    public let originalRequest: URLRequest?
    /// The request being sent (the same; background tasks follow no redirects here).
    public var currentRequest: URLRequest? { originalRequest }
    /// Progress, for code that observes a `Progress`.
    public let progress: Progress

    init(session: URLSession?, taskIdentifier: Int, request: URLRequest?, kind: TransferTaskDescription.Kind?) {
        self.session = session
        self.taskIdentifier = taskIdentifier
        originalRequest = request
        self.kind = kind
        progress = Progress(totalUnitCount: -1)
        values = Mutex(Values())
    }

    /// Where the task is.
    public var state: State { values.withLock { $0.state } }
    /// The server's response, once the task completed with one.
    public var response: URLResponse? { values.withLock { $0.response } }
    /// Why the task failed, once it did.
    public var error: (any Error)? { values.withLock { $0.error } }
    /// Body bytes sent so far.
    public var countOfBytesSent: Int64 { values.withLock { $0.countOfBytesSent } }
    /// Body bytes to send in all.
    public var countOfBytesExpectedToSend: Int64 { values.withLock { $0.countOfBytesExpectedToSend } }
    /// Body bytes received so far.
    public var countOfBytesReceived: Int64 { values.withLock { $0.countOfBytesReceived } }
    /// Body bytes to receive in all, or -1 when the server did not say.
    public var countOfBytesExpectedToReceive: Int64 { values.withLock { $0.countOfBytesExpectedToReceive } }

    /// The app's own label for the task, kept by the service with it.
    public var taskDescription: String? {
        get { values.withLock { $0.taskDescription } }
        set { values.withLock { $0.taskDescription = newValue } }
    }

    /// Hands a new task to the transfer service (blocking for that one local round trip, as
    /// Apple's XPC call does); does nothing for a task already started.
    public func resume() {
        session?.start(self)
    }

    /// Cancels the task: it completes with `NSURLErrorCancelled` (-999).
    public func cancel() {
        session?.cancel(self)
    }

    /// Background tasks are not suspended by their app; kept for ported code, does nothing.
    public func suspend() {}

    /// `<kind> task <id> (<state>)`.
    public var description: String {
        "\(type(of: self)) \(taskIdentifier) (\(state))"
    }
}

/// A task whose response body comes to the delegate: Apple's `URLSessionDataTask`.
/// Background sessions refuse to run data tasks (see ``URLSession/dataTask(with:)-(URL)``).
public class URLSessionDataTask: URLSessionTask, @unchecked Sendable {}

/// An upload from a file: Apple's `URLSessionUploadTask`. Its answer comes as data.
public final class URLSessionUploadTask: URLSessionDataTask, @unchecked Sendable {}

/// A download to a file: Apple's `URLSessionDownloadTask`.
public final class URLSessionDownloadTask: URLSessionTask, @unchecked Sendable {}
