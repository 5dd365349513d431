import TransferWire
import DeviceLayout
import Foundation
import Glibc
import Synchronization

extension TransferCoordinator {
    /// One attempt; `row` comes back with its byte counts and download state.
    ///
    /// Progress goes through a stream to a child task of the attempt, which reports it in
    /// order and ends with it: only the newest value waits, so a slow report never holds
    /// up the transfer, and the last value (the whole length) is reported before the
    /// attempt's outcome.
    func attempt(_ row: inout TaskRow) async -> AttemptOutcome {
        let id = row.id ?? 0
        let (values, reporter) = AsyncStream.makeStream(of: TransferProgressValues.self, bufferingPolicy: .bufferingNewest(1))
        async let reported: Void = reportProgress(of: row, values)
        let throttle = ProgressThrottle()
        switch row.request.kind {
        case .upload:
            guard let bodyFile = row.bodyFile else {
                reporter.finish()
                await reported
                return .fatal(TransferFailure(urlErrorCode: TransferFailure.fileDoesNotExist, code: "file-missing", message: "the upload has no file"))
            }
            let expected = row.bytesExpectedToSend
            let outcome = await engine.upload(row, bodyFile: bodyFile) { sent in
                guard throttle.due(final: sent == expected) else { return }
                reporter.yield(TransferProgressValues(sent: sent, expectedToSend: expected))
            }
            reporter.finish()
            await reported
            if case .response = outcome { row.bytesSent = expected }
            return outcome
        case .download:
            let partial = row.partialFile ?? layout.partialDirectory.appendingPathComponent("\(id).download").path
            row.partialFile = partial
            var size = stat()
            let offset = stat(partial, &size) == 0 ? Int64(size.st_size) : 0
            let (outcome, length, validator) = await engine.download(row, partialFile: partial, offset: offset, validator: row.validator,
                                                                     began: { [weak self] validator in
                await self?.recordBeginning(of: id, partialFile: partial, validator: validator)
            }) { received, expected in
                guard throttle.due(final: received == expected) else { return }
                reporter.yield(TransferProgressValues(received: received, expectedToReceive: expected))
            }
            reporter.finish()
            await reported
            row.bytesReceived = length
            row.validator = validator
            return outcome
        }
    }

    /// Records where a download's body goes and the validator of the response it comes
    /// from, before its first byte is written: a service killed mid-download resumes from
    /// the partial file with `If-Range`, never mixing two versions of the file. A failure
    /// is reported (``persist(_:)``) and the download goes on: the attempt's end records
    /// both again.
    private func recordBeginning(of id: Int64, partialFile: String, validator: String?) async {
        do {
            try await persist { try $0.recordDownloadStart(id: id, partialFile: partialFile, validator: validator) }
        } catch {
            // Reported to `health` by `persist`; only a kill before the attempt ends loses it.
        }
    }

    /// Reports each of `values` for the task `row` (as it was when its attempt began), in
    /// order, until the stream ends.
    private func reportProgress(of row: TaskRow, _ values: AsyncStream<TransferProgressValues>) async {
        for await value in values { progress(row, value) }
    }

    /// Progress (at most ten times a second per task: ``ProgressThrottle``), kept for
    /// `list` and sent to the session's holder. `row` is the task as its attempt began: the
    /// store is not read again for each report.
    func progress(_ row: TaskRow, _ values: TransferProgressValues) {
        guard let id = row.id, transfers[id] != nil else { return }
        lastProgress[id] = values
        tellFollowers(row)
        let key = SessionKey(application: row.application, identifier: row.sessionIdentifier)
        guard let holder = sessions[key] else { return }
        push(.progress(TransferProgress(taskIdentifier: row.taskIdentifier, bytesSent: values.sent ?? row.bytesSent,
                                        bytesExpectedToSend: values.expectedToSend ?? row.bytesExpectedToSend,
                                        bytesReceived: values.received ?? row.bytesReceived,
                                        bytesExpectedToReceive: values.expectedToReceive ?? row.bytesExpectedToReceive)), to: holder)
    }
}

/// Lets a progress report through at most every 100 ms, and always the last one.
final class ProgressThrottle: Sendable {
    private let last = Mutex<ContinuousClock.Instant?>(nil)

    func due(final: Bool) -> Bool {
        let now = ContinuousClock.now
        return last.withLock { last in
            if !final, let previous = last, now - previous < .milliseconds(100) { return false }
            last = now
            return true
        }
    }
}

/// Some of a task's progress figures (the others stay as stored).
struct TransferProgressValues: Sendable {
    var sent: Int64?
    var expectedToSend: Int64?
    var received: Int64?
    var expectedToReceive: Int64?
}
