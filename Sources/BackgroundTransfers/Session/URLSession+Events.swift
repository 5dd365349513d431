import Foundation
@preconcurrency import FoundationNetworking
import Synchronization

extension URLSession {
    /// What the service sent unasked: progress, an event, the end of the waiting events.
    func handle(_ notice: TransferNotice) {
        switch notice {
        case .progress(let progress):
            guard let task = state.withLock({ $0.tasks[progress.taskIdentifier] }) else { return }
            let (sentDelta, receivedDelta) = task.values.withLock { values -> (Int64, Int64) in
                defer {
                    values.countOfBytesSent = progress.bytesSent
                    values.countOfBytesExpectedToSend = progress.bytesExpectedToSend
                    values.countOfBytesReceived = progress.bytesReceived
                    values.countOfBytesExpectedToReceive = progress.bytesExpectedToReceive
                }
                return (progress.bytesSent - values.countOfBytesSent, progress.bytesReceived - values.countOfBytesReceived)
            }
            task.progress.totalUnitCount = task.kind == .upload ? progress.bytesExpectedToSend : progress.bytesExpectedToReceive
            task.progress.completedUnitCount = task.kind == .upload ? progress.bytesSent : progress.bytesReceived
            delegateCall { [self] delegate in
                if sentDelta > 0 {
                    (delegate as? any URLSessionTaskDelegate)?.urlSession(
                        self, task: task, didSendBodyData: sentDelta, totalBytesSent: progress.bytesSent,
                        totalBytesExpectedToSend: progress.bytesExpectedToSend)
                }
                if receivedDelta > 0, let download = task as? URLSessionDownloadTask {
                    (delegate as? any URLSessionDownloadDelegate)?.urlSession(
                        self, downloadTask: download, didWriteData: receivedDelta, totalBytesWritten: progress.bytesReceived,
                        totalBytesExpectedToWrite: progress.bytesExpectedToReceive)
                }
            }
        case .event(let event):
            // An invalidated session takes no more events: they wait in the service for the
            // next process that opens the identifier (finishTasksAndInvalidate), and the app's
            // watchers are told of them once this connection closes.
            guard !state.withLock({ $0.invalidated }) else { return }
            deliver(event)
        case .eventsFinished:
            delegateCall { [self] delegate in delegate.urlSessionDidFinishEvents(forBackgroundURLSession: self) }
        case .eventsPending, .reply, .taskChanged, .conditionsChanged:
            break  // for the app's watcher and the command line, not for a session
        }
    }

    /// Turns an event into Apple's delegate calls, then acknowledges it once they returned:
    /// the service then forgets it (and removes a download the delegate did not move).
    private func deliver(_ event: TransferEvent) {
        let task = state.withLock { state -> URLSessionTask in
            if let task = state.tasks.removeValue(forKey: event.taskIdentifier) { return task }
            let snapshot = TransferTaskSnapshot(
                id: event.id, application: event.application, creator: "", sessionIdentifier: event.sessionIdentifier,
                sharedContainerIdentifier: "", description: TransferTaskDescription(
                    taskIdentifier: event.taskIdentifier, kind: event.kind, url: event.url, method: "", headers: []),
                state: .completed)
            return makeTask(snapshot)
        }
        let response = event.statusCode.flatMap { status in
            URL(string: event.url).flatMap { url in
                HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1",
                                headerFields: Dictionary(event.responseHeaders.map { ($0.name, $0.value) }) { first, _ in first })
            }
        }
        let error: (any Error)? = event.failure.map(Self.urlError)
        task.values.withLock { values in
            values.state = .completed
            values.response = response
            values.error = error
        }
        let connection = state.withLock { $0.connection }
        let key = HandledEvents.Key(event)
        delegateQueue.addOperation { [self] in
            // Claimed before the delegate is called, in one step with the check: the event
            // may come again, to another opening of the session in this process, before this
            // call has returned (the service killed in between, its acknowledgement lost).
            // Whichever delivery claims it first calls its delegate; the other only
            // acknowledges it.
            if let delegate, HandledEvents.claim(key) {
                if let download = task as? URLSessionDownloadTask, let location = event.location, error == nil {
                    (delegate as? any URLSessionDownloadDelegate)?.urlSession(
                        self, downloadTask: download, didFinishDownloadingTo: URL(fileURLWithPath: location))
                }
                if let dataTask = task as? URLSessionDataTask, let body = event.responseBody, !body.isEmpty {
                    (delegate as? any URLSessionDataDelegate)?.urlSession(self, dataTask: dataTask, didReceive: body)
                }
                (delegate as? any URLSessionTaskDelegate)?.urlSession(self, task: task, didCompleteWithError: error)
            }
            guard let connection else { return }
            let acknowledged = waitSynchronously { () async throws(TransferServiceError) -> TransferReply in
                try await connection.call(.acknowledge(eventID: event.id))
            }
            if case .success = acknowledged { HandledEvents.remove(key) }
        }
    }
}

/// Events a delegate of this process has handled (or is handling) and whose acknowledgement
/// has not reached the service yet. The service delivers such an event again to the next opening of its
/// session (it cannot tell a lost acknowledgement from an app that died before sending
/// it); within the process that handled it, it is acknowledged and not handed over twice.
/// An acknowledged event leaves the set: the service never sends it again.
enum HandledEvents {
    struct Key: Hashable, Sendable {
        var id: Int64
        var application: String
        var session: String
        var taskIdentifier: Int
        var finished: Date

        init(_ event: TransferEvent) {
            id = event.id
            application = event.application
            session = event.sessionIdentifier
            taskIdentifier = event.taskIdentifier
            finished = event.finished
        }
    }

    private static let handled = Mutex<Set<Key>>([])

    /// Claims `key` for one delivery: `false` when another delivery in this process did.
    static func claim(_ key: Key) -> Bool { handled.withLock { $0.insert(key).inserted } }
    static func remove(_ key: Key) { _ = handled.withLock { $0.remove(key) } }
}
