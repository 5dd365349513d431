import ExtensionIPC
import Foundation
import Glibc
import Synchronization

/// Reads a child's standard error through a pipe on its own thread and keeps the end of
/// it, so a crash report can quote the extension's last words without the host's output
/// ever being tied to the child.
final class OutputCollector: Sendable {
    /// The pipe's write end, for the child.
    let writeEnd: OwnedFileDescriptor
    private let buffer = Buffer()
    static let keep = 16 << 10

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw ExtensionHostError(.launchFailed, "pipe2: \(String(cString: strerror(errno)))") }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        writeEnd = OwnedFileDescriptor(taking: ends[1])
        let readEnd = ends[0]
        let thread = Thread { [buffer] in
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(readEnd, &chunk, chunk.count)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                buffer.tail.withLock { data in
                    data.append(contentsOf: chunk[0..<count])
                    if data.count > Self.keep { data.removeFirst(data.count - Self.keep) }
                }
            }
            Glibc.close(readEnd)
            buffer.done.withLock { $0 = true }
        }
        thread.start()
    }

    /// What was read so far, waiting up to `wait` for the end of the stream.
    func text(waiting wait: Duration = .milliseconds(300)) -> String {
        let deadline = ContinuousClock.now + wait
        while !buffer.done.withLock({ $0 }), ContinuousClock.now < deadline { usleep(2_000) }
        return String(decoding: buffer.tail.withLock { $0 }, as: UTF8.self)
    }

    /// The bytes kept and whether the stream ended, shared with the reading thread.
    final class Buffer: Sendable {
        let tail = Mutex(Data())
        let done = Mutex(false)
    }
}
