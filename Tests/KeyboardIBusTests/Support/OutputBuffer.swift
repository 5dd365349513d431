import Foundation
import Synchronization

/// Bytes a process wrote, collected from the pipe's reader thread.
final class OutputBuffer: Sendable {
    private let data = Mutex(Data())

    func append(_ more: Data) {
        data.withLock { $0.append(more) }
    }

    var text: String { String(decoding: data.withLock { $0 }, as: UTF8.self) }
}
