import BackgroundTransfers
import Foundation
import Synchronization

/// A session delegate that reports each task's end: its error, its status, and for a
/// download the size of the file it got (then deleted, as an app would after moving it).
final class TransferBenchDelegate: URLSessionDownloadDelegate, Sendable {
    /// One finished task.
    struct Ending: Sendable {
        var taskIdentifier: Int
        var status: Int?
        var error: String?
        var downloadedBytes: Int?
    }

    /// The endings, in order.
    let endings: AsyncStream<Ending>
    private let sink: AsyncStream<Ending>.Continuation
    private let downloaded = Mutex<[Int: Int]>([:])

    init() {
        (endings, sink) = AsyncStream.makeStream(of: Ending.self)
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        let size = (try? FileManager.default.attributesOfItem(atPath: location.path)[.size] as? Int) ?? -1
        try? FileManager.default.removeItem(at: location)
        downloaded.withLock { $0[downloadTask.taskIdentifier] = size }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        sink.yield(Ending(taskIdentifier: task.taskIdentifier, status: (task.response as? HTTPURLResponse)?.statusCode,
                          error: error.map { "\($0)" }, downloadedBytes: downloaded.withLock { $0.removeValue(forKey: task.taskIdentifier) }))
    }
}
