import BackgroundTransfers
import Foundation
import Synchronization

/// A session delegate that records what it is told and lets a test wait for it.
final class Recorder: URLSessionDataDelegate, URLSessionDownloadDelegate, Sendable {
    enum Call: Sendable {
        case completed(taskIdentifier: Int, status: Int?, error: URLError?, body: Data)
        case downloaded(taskIdentifier: Int, data: Data)
        case invalid(URLError?)
        case eventsFinished
        case sent(taskIdentifier: Int, total: Int64)
        case written(taskIdentifier: Int, total: Int64)
    }

    let calls: AsyncStream<Call>
    private let sink: AsyncStream<Call>.Continuation
    private let bodies = Mutex<[Int: Data]>([:])
    private let history = Mutex<[Call]>([])

    /// Every call so far, in order: what a failed wait reports.
    var heard: [Call] { history.withLock { $0 } }

    /// The totals that progress calls gave for task `id` (sent, or written for a
    /// download) before `end` picked a call, in order.
    func progress(of id: Int, before end: (Call) -> Bool) -> [Int64] {
        let heard = heard
        return heard[..<(heard.firstIndex(where: end) ?? heard.endIndex)].compactMap { call in
            switch call {
            case .sent(id, let total), .written(id, let total): total
            default: nil
            }
        }
    }

    private func record(_ call: Call) {
        history.withLock { $0.append(call) }
        sink.yield(call)
    }
    let downloadsFolder: URL

    init() {
        (calls, sink) = AsyncStream.makeStream(of: Call.self)
        downloadsFolder = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString.prefix(8))")
    }

    deinit {
        try? FileManager.default.removeItem(at: downloadsFolder)
    }

    /// The next call that `select` picks, skipping others; fails after `limit`.
    func next<T: Sendable>(within limit: Duration = .seconds(180), _ select: @escaping @Sendable (Call) -> T?) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { [calls] in
                for await call in calls { if let picked = select(call) { return picked } }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let picked = try await group.next() ?? nil else { throw WaitError() }
            return picked
        }
    }

    struct WaitError: Error, CustomStringConvertible {
        var description: String { "the delegate was not called in time" }
    }

    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
        record(.invalid(error as? URLError))
    }

    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        record(.eventsFinished)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let body = bodies.withLock { $0.removeValue(forKey: task.taskIdentifier) } ?? Data()
        record(.completed(taskIdentifier: task.taskIdentifier, status: (task.response as? HTTPURLResponse)?.statusCode,
                              error: error as? URLError, body: body))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
                    totalBytesExpectedToSend: Int64) {
        record(.sent(taskIdentifier: task.taskIdentifier, total: totalBytesSent))
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
                    totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64) {
        record(.written(taskIdentifier: downloadTask.taskIdentifier, total: totalBytesWritten))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        bodies.withLock { $0[dataTask.taskIdentifier, default: Data()].append(data) }
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        // Moved away before returning, as Apple requires: the service removes what is left.
        try? FileManager.default.createDirectory(at: downloadsFolder, withIntermediateDirectories: true)
        let kept = downloadsFolder.appendingPathComponent("\(downloadTask.taskIdentifier)")
        try? FileManager.default.moveItem(at: location, to: kept)
        record(.downloaded(taskIdentifier: downloadTask.taskIdentifier, data: (try? Data(contentsOf: kept)) ?? Data()))
    }
}
