import DeviceLayout
import ExtensionIPC
import Foundation
@preconcurrency import FoundationNetworking
import Synchronization

/// A background session: Apple's `URLSession` with a background configuration, whose
/// tasks the per-user transfer service (`appex transfers serve`) carries on after this
/// process has ended.
///
/// ```swift
/// let configuration = URLSessionConfiguration.background(withIdentifier: "com.example.notes.upload")
/// configuration.sharedContainerIdentifier = "group.com.example.notes"
/// let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
/// session.uploadTask(with: request, fromFile: fileInTheGroupContainer).resume()
/// extensionContext.completeRequest(returningItems: nil)   // the upload goes on
/// ```
///
/// Creating the session connects to the service and opens the identifier; only one
/// process holds an identifier at a time. The containing app re-creates the session with
/// the same identifier to receive the events of tasks its extension started (its delegate
/// gets them once, then ``URLSessionDelegate/urlSessionDidFinishEvents(forBackgroundURLSession:)``).
/// Creating a session and resuming a task each wait for one local round trip to the
/// service, as Apple's do for theirs; call them off the event loop's thread.
public final class URLSession: Sendable {
    /// The configuration, as given.
    public let configuration: URLSessionConfiguration
    /// The queue delegate calls run on, one at a time.
    public let delegateQueue: OperationQueue
    /// How long a synchronous call (opening, resuming, cancelling) waits for the service.
    let answerTimeout: Duration
    private let delegateBox: DelegateBox?
    let state: Mutex<SessionState>

    struct SessionState: Sendable {
        var connection: TransferConnection?
        /// Why the session cannot be used (refused at open, or invalidated).
        var invalid: (any Error)?
        var invalidated = false
        var nextTaskIdentifier = 1
        /// Tasks not yet completed, and completed ones the service still reports events for.
        var tasks: [Int: URLSessionTask] = [:]
        var reader: Task<Void, Never>?
    }

    /// The delegate, held until the session is invalidated (as Apple holds it).
    public var delegate: (any URLSessionDelegate)? { delegateBox?.delegate }

    /// Opens a background session: connects to the transfer service (starting it if this
    /// process may) and takes the configuration's identifier.
    ///
    /// A refusal does not throw, as on iOS: the delegate hears
    /// ``URLSessionDelegate/urlSession(_:didBecomeInvalidWithError:)`` and tasks fail with
    /// the same error (`-995` without a shared container, `-996` when another process holds
    /// the identifier, Appex's `not-entitled` for a group the caller may not name).
    public convenience init(configuration: URLSessionConfiguration, delegate: (any URLSessionDelegate)?, delegateQueue queue: OperationQueue?) {
        self.init(configuration: configuration, delegate: delegate, delegateQueue: queue, endpoint: .fromEnvironment())
    }

    /// A session on the service at `endpoint` (tests name their own service and token).
    package init(configuration: URLSessionConfiguration, delegate: (any URLSessionDelegate)?, delegateQueue queue: OperationQueue?,
                 endpoint: TransferServiceEndpoint) {
        self.configuration = configuration
        answerTimeout = endpoint.answerTimeout
        delegateBox = delegate.map(DelegateBox.init)
        if let queue {
            delegateQueue = queue
        } else {
            delegateQueue = OperationQueue()
            delegateQueue.maxConcurrentOperationCount = 1
            delegateQueue.name = "URLSession \(configuration.identifier ?? "")"
        }
        state = Mutex(SessionState())
        open(endpoint)
    }

    /// Gives every task this session knows (the ones the service reported at open among
    /// them) to `completionHandler`, on the delegate queue.
    public func getAllTasks(completionHandler: @escaping @Sendable ([URLSessionTask]) -> Void) {
        let tasks = state.withLock { $0.tasks.values.sorted { $0.taskIdentifier < $1.taskIdentifier } }
        delegateQueue.addOperation { completionHandler(tasks) }
    }

    /// Gives the session's tasks to `completionHandler` by kind, on the delegate queue.
    public func getTasksWithCompletionHandler(
        _ completionHandler: @escaping @Sendable ([URLSessionDataTask], [URLSessionUploadTask], [URLSessionDownloadTask]) -> Void
    ) {
        let tasks = state.withLock { $0.tasks.values.sorted { $0.taskIdentifier < $1.taskIdentifier } }
        delegateQueue.addOperation {
            completionHandler(tasks.compactMap { $0 as? URLSessionDataTask }.filter { !($0 is URLSessionUploadTask) },
                              tasks.compactMap { $0 as? URLSessionUploadTask }, tasks.compactMap { $0 as? URLSessionDownloadTask })
        }
    }

    /// Lets the service finish the session's tasks and gives the identifier up: their events
    /// wait for the next process that opens it. The delegate hears it was invalidated.
    public func finishTasksAndInvalidate() {
        invalidate(cancelling: false)
    }

    /// Cancels the session's tasks and gives the identifier up.
    public func invalidateAndCancel() {
        invalidate(cancelling: true)
    }

    func delegateCall(_ body: @escaping @Sendable (any URLSessionDelegate) -> Void) {
        guard let delegateBox else { return }
        delegateQueue.addOperation { body(delegateBox.delegate) }
    }

    private func invalidate(cancelling: Bool) {
        let (connection, tasks, reader) = state.withLock { state -> (TransferConnection?, [URLSessionTask], Task<Void, Never>?) in
            guard !state.invalidated else { return (nil, [], nil) }
            state.invalidated = true
            state.invalid = state.invalid ?? URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "the session was invalidated"])
            defer { state.connection = nil; state.reader = nil }
            return (state.connection, Array(state.tasks.values), state.reader)
        }
        if cancelling, let connection {
            for task in tasks where task.state == .running {
                _ = waitSynchronously { () async throws(TransferServiceError) -> TransferReply in
                    try await connection.call(.cancel(taskIdentifier: task.taskIdentifier))
                }
            }
        }
        // After the delegate calls already queued, and the acknowledgements they send.
        delegateQueue.addBarrierBlock { [self] in
            connection?.close()
            reader?.cancel()
            delegateBox?.delegate.urlSession(self, didBecomeInvalidWithError: nil)
        }
    }
}

/// The delegate, which Apple's API does not require to be Sendable.
struct DelegateBox: @unchecked Sendable {
    // @unchecked: the delegate is only called on the session's delegate queue, one
    // operation at a time unless the app gave a concurrent queue (Apple's contract).
    let delegate: any URLSessionDelegate
}
