import ExtensionIPC
import Foundation
@preconcurrency import FoundationNetworking
import Glibc
import Synchronization
import SystemSupport

extension URLSession {
    /// Connects and opens the identifier; a refusal invalidates the session at once.
    func open(_ endpoint: TransferServiceEndpoint) {
        guard let identifier = configuration.identifier, !identifier.isEmpty else {
            return refuse(URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "a background session needs an identifier"]))
        }
        let shared = configuration.sharedContainerIdentifier
        let opened = waitSynchronously { () async throws(TransferServiceError) -> (TransferConnection, [TransferTaskSnapshot], Int) in
            let connection = try await endpoint.connect()
            do throws(TransferServiceError) {
                let reply = try await connection.call(.openSession(identifier: identifier, sharedContainerIdentifier: shared))
                guard case .sessionOpened(let tasks, let next) = reply else {
                    throw TransferServiceError(.connectionLost, "the service answered the session's opening with \(reply)")
                }
                return (connection, tasks, next)
            } catch {
                connection.close()
                throw error
            }
        }
        switch opened {
        case .failure(let error):
            refuse(Self.urlError(error))
        case .success(let (connection, snapshots, next)):
            // The session's state is complete before the first notice is read: an event handled
            // earlier found no connection to acknowledge it on (and was delivered again to the
            // next opening) and no task of the session's to report it for.
            state.withLock { state in
                state.connection = connection
                state.nextTaskIdentifier = max(state.nextTaskIdentifier, next)
                for snapshot in snapshots where state.tasks[snapshot.description.taskIdentifier] == nil {
                    state.tasks[snapshot.description.taskIdentifier] = makeTask(snapshot)
                }
            }
            // On the loop like the connection's own reader (see `waitSynchronously`): it only
            // updates state and queues delegate calls on the delegate queue.
            let reader = Task(executorPreference: connection.loop) { [weak self, notices = connection.notices] in
                for await notice in notices {
                    guard let self else { return }
                    self.handle(notice)
                }
                // The service went away (it crashed or was killed): as iOS reports a lost
                // nsurlsessiond, -997. Its tasks go on when it is back; open the session again.
                guard let self, !self.state.withLock({ $0.invalidated }) else { return }
                self.state.withLock { $0.connection = nil }
                self.refuse(URLError(URLError.Code(rawValue: TransferFailure.sessionDisconnected) ?? .unknown, userInfo: [
                    NSLocalizedDescriptionKey: "the transfer service closed the connection of session \(identifier)"]))
            }
            state.withLock { $0.reader = reader }
        }
    }

    /// Hands `task` to the service; waits for the service to have it on disk.
    func start(_ task: URLSessionTask) {
        let claimed = task.values.withLock { values -> (refusal: (any Error)?, uploadFile: URL?, description: String?)? in
            guard values.state == .suspended else { return nil }
            values.state = .running
            return (values.refusal, values.uploadFile, values.taskDescription)
        }
        guard let (refusal, uploadFile, description) = claimed else { return }
        let (connection, invalid) = state.withLock { ($0.connection, $0.invalid) }
        if let failure = refusal ?? invalid { return complete(task, error: failure) }
        guard let connection, let kind = task.kind, let request = task.originalRequest, let url = request.url else {
            return complete(task, error: URLError(.unsupportedURL))
        }
        var descriptors: [OwnedFileDescriptor] = []
        if let uploadFile {
            let fd = Glibc.open(uploadFile.path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                return complete(task, error: URLError(.fileDoesNotExist, userInfo: [
                    NSLocalizedDescriptionKey: "cannot open the upload's file \(uploadFile.path): \(SystemErrorText.text(errno))"]))
            }
            descriptors.append(OwnedFileDescriptor(taking: fd))
        }
        var headers = (configuration.httpAdditionalHeaders ?? [:]).sorted { $0.key < $1.key }.map { HeaderField($0.key, $0.value) }
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            headers.removeAll { $0.name.lowercased() == name.lowercased() }
            headers.append(HeaderField(name, value))
        }
        let taskDescription = TransferTaskDescription(
            taskIdentifier: task.taskIdentifier, kind: kind, url: url.absoluteString,
            method: request.httpMethod ?? (kind == .upload ? "POST" : "GET"), headers: headers, taskDescription: description)
        let sent = waitSynchronously { [descriptors] () async throws(TransferServiceError) -> TransferReply in
            try await connection.call(.start(taskDescription), descriptors: descriptors)
        }
        if case .failure(let error) = sent { complete(task, error: Self.urlError(error)) }
    }

    /// Asks the service to cancel `task`; its ending comes back as an event.
    func cancel(_ task: URLSessionTask) {
        let wasRunning = task.values.withLock { values -> Bool in
            defer { if values.state != .completed { values.state = .canceling } }
            return values.state == .running
        }
        guard wasRunning, let connection = state.withLock({ $0.connection }) else {
            if task.state != .completed { complete(task, error: URLError(.cancelled)) }
            return
        }
        let result = waitSynchronously { () async throws(TransferServiceError) -> TransferReply in
            try await connection.call(.cancel(taskIdentifier: task.taskIdentifier))
        }
        if case .failure(let error) = result { complete(task, error: Self.urlError(error)) }
    }

    private func refuse(_ error: any Error) {
        state.withLock { $0.invalid = error }
        delegateCall { [self] delegate in delegate.urlSession(self, didBecomeInvalidWithError: error) }
    }

    /// Ends `task` here with `error` (no event: the service never had it).
    func complete(_ task: URLSessionTask, error: any Error) {
        task.values.withLock { values in
            values.state = .completed
            values.error = error
        }
        state.withLock { _ = $0.tasks.removeValue(forKey: task.taskIdentifier) }
        delegateCall { [self] delegate in
            (delegate as? any URLSessionTaskDelegate)?.urlSession(self, task: task, didCompleteWithError: error)
        }
    }

    func makeTask(_ snapshot: TransferTaskSnapshot) -> URLSessionTask {
        let request = URL(string: snapshot.description.url).map { url -> URLRequest in
            var request = URLRequest(url: url)
            request.httpMethod = snapshot.description.method
            for header in snapshot.description.headers { request.addValue(header.value, forHTTPHeaderField: header.name) }
            return request
        }
        let identifier = snapshot.description.taskIdentifier
        let task: URLSessionTask = switch snapshot.description.kind {
        case .upload: URLSessionUploadTask(session: self, taskIdentifier: identifier, request: request, kind: .upload)
        case .download: URLSessionDownloadTask(session: self, taskIdentifier: identifier, request: request, kind: .download)
        }
        task.values.withLock { values in
            values.state = snapshot.state.isFinal ? .completed : .running
            values.taskDescription = snapshot.description.taskDescription
            values.countOfBytesSent = snapshot.bytesSent
            values.countOfBytesExpectedToSend = snapshot.bytesExpectedToSend
            values.countOfBytesReceived = snapshot.bytesReceived
            values.countOfBytesExpectedToReceive = snapshot.bytesExpectedToReceive
        }
        return task
    }

    /// Runs `body` on the process's event loop and waits for it on this thread: the
    /// synchronous calls of Apple's API (creating a session, resuming a task) over the
    /// asynchronous connection. The loop never blocks, so this cannot wait on itself unless
    /// called from the loop's own thread, which no app or extension code runs on.
    func waitSynchronously<T: Sendable>(
        _ body: @escaping @Sendable () async throws(TransferServiceError) -> T
    ) -> Result<T, TransferServiceError> {
        let outcome = Mutex<Result<T, TransferServiceError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let loop: EventLoop
        do {
            loop = try EventLoop.shared()
        } catch {
            return .failure(TransferServiceError(.unavailable, "no event loop: \(error.message)"))
        }
        let task = Task(executorPreference: loop) {
            let result: Result<T, TransferServiceError>
            do throws(TransferServiceError) {
                result = .success(try await body())
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        let (seconds, attoseconds) = answerTimeout.components
        let timeout = DispatchTime.now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        if done.wait(timeout: timeout) == .timedOut {
            task.cancel()
            return .failure(TransferServiceError(.timedOut, "the transfer service did not answer within \(answerTimeout)"))
        }
        return outcome.withLock { $0 } ?? .failure(TransferServiceError(.connectionLost, "no answer"))
    }

    /// A service error as the `URLError` Apple's API would give.
    static func urlError(_ error: TransferServiceError) -> URLError {
        let code = error.code == .refused ? error.urlErrorCode : TransferFailure.unknown
        return URLError(URLError.Code(rawValue: code) ?? .unknown, userInfo: [NSLocalizedDescriptionKey: error.description])
    }

    static func urlError(_ failure: TransferFailure) -> URLError {
        URLError(URLError.Code(rawValue: failure.urlErrorCode) ?? .unknown, userInfo: [NSLocalizedDescriptionKey: "\(failure.code): \(failure.message)"])
    }
}
