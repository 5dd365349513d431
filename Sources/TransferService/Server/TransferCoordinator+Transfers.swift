import TransferWire
import DeviceLayout
import Foundation
import Glibc
import Synchronization
import SystemSupport

extension TransferCoordinator {
    /// Starts (or restarts) moving task `id` in a Swift task this coordinator owns.
    func startTransfer(_ id: Int64) {
        guard transfers[id] == nil else { return }
        transfers[id] = Task { [weak self] in
            await self?.transfer(id)
            await self?.transferEnded(id)
        }
        noteActivity()
    }

    private func transferEnded(_ id: Int64) {
        transfers[id] = nil
        retryDue[id] = nil
        lastProgress[id] = nil
        noteActivity()
    }

    /// Cancels task `id`: a moving one stops and ends as cancelled; a waiting one ends at once.
    /// Throws when the store cannot give the task back even after the retries: the caller
    /// hears that the cancel did not take (the condition is reported), and the task, left
    /// as the store has it, runs again when the service restarts.
    func cancel(_ id: Int64) async throws {
        if let running = transfers[id] {
            running.cancel()
            await running.value
        }
        guard let row = try await storedTask(id), !row.state.isFinal else { return }
        await finish(row, state: .cancelled, failure: TransferFailure(urlErrorCode: TransferFailure.cancelled, code: "cancelled",
                                                                       message: "the task was cancelled"))
    }

    /// Attempts the task until it completes, fails for good, or is cancelled.
    private func transfer(_ id: Int64) async {
        while !Task.isCancelled {
            // Read until it is read (``storedTask(_:)`` reports each failure): giving up here
            // would leave the task unfinished and unmoving until the service restarts.
            let stored: TaskRow?
            do {
                stored = try await storedTask(id)
            } catch {
                await loop.sleep(for: configuration.storeRetryDelays.last ?? .seconds(1))
                continue
            }
            guard var row = stored, !row.state.isFinal else { return }
            if let due = retryDue.removeValue(forKey: id) {
                // The back-off this run chose, on the monotonic clock (a step of the wall
                // clock neither shortens nor stretches it). It is a timer on the process's
                // event loop; cancelling the task (`cancel`, which records the ending) ends
                // the wait at once.
                await loop.sleep(for: due - .now)
                if Task.isCancelled { return }
            } else if let next = row.nextAttempt, next > Date() {
                // A back-off an earlier run of the service chose: only its date is stored.
                await loop.sleep(for: .milliseconds(Int64(next.timeIntervalSinceNow * 1000)))
                if Task.isCancelled { return }
            }
            row.state = .running
            row.attempts += 1
            row.nextAttempt = nil
            let started = row
            guard await record(started) else { return }
            tellFollowers(started)
            var outcome = await attempt(&row)
            if Task.isCancelled { return }
            if case .fatal(let failure) = outcome, failure.urlErrorCode == TransferFailure.cancelled {
                // Nobody here cancelled it (this task is not cancelled): the HTTP client gave
                // the request up. Another attempt, not a task left running for ever.
                outcome = .networkFailure(TransferFailure(
                    urlErrorCode: TransferFailure.networkConnectionLost, code: "connection-lost",
                    message: "the HTTP client gave the request up: \(failure.message)"))
            }
            switch outcome {
            case .response(let status, let headers, let body):
                if status == 416, row.request.kind == .download, row.bytesReceived > 0 {
                    // The server's copy changed under the resumed range: start over.
                    if let partial = row.partialFile { unlink(partial) }
                    row.partialFile = nil
                    row.bytesReceived = 0
                    row.validator = nil
                    row.state = .waiting
                    let reset = row
                    guard await record(reset) else { return }
                    tellFollowers(reset)
                    continue
                }
                await complete(row, status: status, headers: headers, body: body)
                return
            case .retryableStatus(let status, let headers, let body, let retryAfter):
                row.statusCode = status
                row.failure = nil
                if row.attempts >= configuration.maxAttempts {
                    await complete(row, status: status, headers: headers, body: body)
                    return
                }
                guard await scheduleRetry(&row, retryAfter: retryAfter) else { return }
            case .networkFailure(let failure):
                if row.attempts >= configuration.maxAttempts {
                    await finish(row, state: .failed, failure: TransferFailure(
                        urlErrorCode: failure.urlErrorCode, code: failure.code,
                        message: "\(failure.message) (gave up after \(row.attempts) attempts)"))
                    return
                }
                row.failure = failure
                guard await scheduleRetry(&row, retryAfter: nil) else { return }
            case .fatal(let failure):
                await finish(row, state: .failed, failure: failure)
                return
            }
        }
    }

    /// Records that the task waits for its next attempt; `false` when that could not be
    /// written and the task ended (``record(_:)``).
    ///
    /// The attempt's outcome goes to the service's log (`service.log`): what a person or a
    /// failed test reads to see why a task was tried again.
    private func scheduleRetry(_ row: inout TaskRow, retryAfter: Duration?) async -> Bool {
        let delay = configuration.delay(afterAttempt: row.attempts, retryAfter: retryAfter)
        let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
        row.state = .waiting
        row.nextAttempt = Date().addingTimeInterval(seconds)
        if let id = row.id { retryDue[id] = .now + delay }
        let why = row.failure.map { "\($0.code) (\($0.urlErrorCode)): \($0.message)" } ?? "HTTP \(row.statusCode ?? 0)"
        ServiceHealth.log("task \(row.id ?? 0) attempt \(row.attempts): \(why); next attempt in \(Int(seconds * 1000)) ms")
        let waiting = row
        guard await record(waiting) else { return false }
        tellFollowers(waiting)
        return true
    }

    /// A response came: the task is complete (a download moves into the session's container).
    private func complete(_ row: TaskRow, status: Int, headers: [HeaderField], body: Data) async {
        var row = row
        row.statusCode = status
        row.failure = nil
        var location: String?
        if row.request.kind == .download, let partial = row.partialFile {
            if (200..<300).contains(status) {
                let folder = Self.downloadsFolder(home: home, row: row)
                let destination = folder.appendingPathComponent("CFNetworkDownload_\(row.id ?? 0).tmp").path
                do {
                    try await blocking { try Self.move(partial, to: destination, folder: folder) }
                    location = destination
                } catch {
                    await finish(row, state: .failed, failure: TransferFailure(
                        urlErrorCode: TransferFailure.cannotWriteToFile, code: "cannot-move-download",
                        message: "cannot move the download into \(folder.path): \(error)"))
                    return
                }
            } else {
                unlink(partial)
            }
            row.partialFile = nil
        }
        await finish(row, state: .completed, statusCode: status, headers: headers, body: body, location: location)
    }

    /// Ends the task and records its event in one transaction, then tells whoever listens.
    func finish(_ row: TaskRow, state: TransferTaskSnapshot.State, statusCode: Int? = nil, headers: [HeaderField] = [],
                body: Data? = nil, location: String? = nil, failure: TransferFailure? = nil) async {
        var row = row
        row.state = state
        row.finished = Date()
        row.nextAttempt = nil
        if let statusCode { row.statusCode = statusCode }
        row.failure = failure
        if state != .completed, let partial = row.partialFile { unlink(partial); row.partialFile = nil }
        let event = TransferEvent(id: 0, application: row.application, sessionIdentifier: row.sessionIdentifier,
                                  taskIdentifier: row.taskIdentifier, kind: row.request.kind, url: row.request.url,
                                  statusCode: failure == nil ? row.statusCode : nil, responseHeaders: headers,
                                  responseBody: row.request.kind == .upload ? body : nil, location: location,
                                  failure: failure, finished: row.finished ?? Date())
        let finished = row
        guard let stored = await recordEnding(finished, event: event) else { return }
        if let bodyFile = row.bodyFile { unlink(bodyFile) }
        tellFollowers(finished)
        announce(stored)
    }

    /// The task as it is now: a running one with its newest progress.
    func liveSnapshot(_ row: TaskRow) -> TransferTaskSnapshot {
        var snapshot = row.snapshot
        if let live = lastProgress[snapshot.id], snapshot.state == .running {
            snapshot.bytesSent = live.sent ?? snapshot.bytesSent
            snapshot.bytesExpectedToSend = live.expectedToSend ?? snapshot.bytesExpectedToSend
            snapshot.bytesReceived = live.received ?? snapshot.bytesReceived
            snapshot.bytesExpectedToReceive = live.expectedToReceive ?? snapshot.bytesExpectedToReceive
        }
        return snapshot
    }

    /// Tells the clients following `row`'s app (or every app) how it is now.
    func tellFollowers(_ row: TaskRow) {
        let snapshot = liveSnapshot(row)
        for (id, scope) in followers where scope == nil || scope == row.application {
            push(.taskChanged(snapshot), to: id)
        }
    }

    /// Tells every follower the service's conditions, after one started or ended.
    func tellConditions(_ conditions: [TransferServiceCondition]) {
        for id in followers.keys { push(.conditionsChanged(conditions), to: id) }
    }

    /// A new event: to the process holding its session, else to the app's watchers.
    private func announce(_ event: TransferEvent) {
        let key = SessionKey(application: event.application, identifier: event.sessionIdentifier)
        if let holder = sessions[key] {
            send(event, to: holder)
            return
        }
        for watcher in watchers[event.application] ?? [] {
            push(.eventsPending(application: event.application, sessionIdentifier: event.sessionIdentifier), to: watcher)
        }
    }

    /// `Library/Caches/com.apple.nsurlsessiond/Downloads/<app>/` of the session's container,
    /// where iOS puts a background download before handing it over.
    static func downloadsFolder(home: AppexHome, row: TaskRow) -> URL {
        let container = row.sharedContainerIdentifier.hasPrefix("group.")
            ? home.appGroupContainer(groupIdentifier: row.sharedContainerIdentifier)
            : home.dataContainer(bundleIdentifier: row.application)
        return container.appendingPathComponent("Library/Caches/com.apple.nsurlsessiond/Downloads/\(row.application)", isDirectory: true)
    }

    /// Moves a finished download (flushed by its writer) into the session's container,
    /// durably: the app is told of it only once the move would survive a crash.
    static func move(_ source: String, to destination: String, folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try DurableFile.move(source, to: destination)
    }
}
