import SystemSupport
import Foundation
import Glibc
import Synchronization

/// A child's standard error, read by the event loop from a pipe; the last 16 KiB are kept.
///
/// The host's own output is never tied to the child: the child writes into a pipe whose
/// read end only the loop holds. Reading happens as data arrives (no thread per pipe);
/// ``text(waitingUpTo:)`` waits, on a loop timer, for the end of the stream.
final class OutputTail: Sendable {
    /// How many bytes are kept.
    static let keep = 16 << 10
    /// The most reads of 4 KiB one readiness event makes (swift-nio bounds a channel's
    /// reads per event the same way, `maxMessagesPerRead`).
    static let readsPerEvent = 16

    private struct State: Sendable {
        var tail = Data()
        var ended = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        /// Callers of ``text(containing:waitingUpTo:)``, by number, with what they wait for.
        var seekers: [Int: (needle: Data, continuation: CheckedContinuation<Void, Never>)] = [:]
        var nextSeeker = 0
        var registration: EventLoop.Registration?
    }

    private let readEnd: OwnedFileDescriptor
    private let loop: EventLoop
    private let state = Mutex(State())

    private init(readEnd: OwnedFileDescriptor, loop: EventLoop) {
        self.readEnd = readEnd
        self.loop = loop
    }

    /// A tail reading a new pipe, and the pipe's write end for the child.
    static func make(loop: EventLoop) throws(ChildProcessError) -> (OutputTail, OwnedFileDescriptor) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw ChildProcessError(code: .systemError, message: "pipe failed: \(SystemErrorText.text(errno))", errno: errno)
        }
        // Both ends close-on-exec (spawn places the write end at 2 for the child); only the
        // host's read end is non-blocking.
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        let tail = OutputTail(readEnd: OwnedFileDescriptor(taking: ends[0]), loop: loop)
        do {
            let registration = try loop.register(ends[0], interest: .read) { [weak tail] _ in tail?.readAvailable() }
            tail.state.withLock { $0.registration = registration }
        } catch {
            Glibc.close(ends[1])
            throw ChildProcessError(code: .systemError, message: error.message, errno: error.errno)
        }
        return (tail, OwnedFileDescriptor(taking: ends[1]))
    }

    /// Reads what the pipe holds, up to ``readsPerEvent`` reads: a child that writes as
    /// fast as the loop reads would otherwise keep the loop here, and every other session's
    /// events waiting. What is left stays readable, so the loop comes back next turn.
    private func readAvailable() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        var ended = false
        var reads = 0
        while reads < Self.readsPerEvent, let fd = readEnd.rawValue {
            reads += 1
            let count = Glibc.read(fd, &chunk, chunk.count)
            if count > 0 {
                let found = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                    state.tail.append(contentsOf: chunk[0..<count])
                    if state.tail.count > Self.keep { state.tail.removeFirst(state.tail.count - Self.keep) }
                    let found = state.seekers.filter { state.tail.range(of: $0.value.needle) != nil }
                    for key in found.keys { state.seekers[key] = nil }
                    return found.values.map(\.continuation)
                }
                found.forEach { $0.resume() }
                continue
            }
            if count < 0 && errno == EINTR { continue }
            ended = count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
            break
        }
        if ended { finish() }
    }

    private func finish() {
        let (waiters, registration) = state.withLock { state -> ([CheckedContinuation<Void, Never>], EventLoop.Registration?) in
            guard !state.ended else { return ([], nil) }
            state.ended = true
            defer { state.waiters = []; state.seekers = [:]; state.registration = nil }
            return (state.waiters + state.seekers.values.map(\.continuation), state.registration)
        }
        if let registration { loop.deregister(registration) }
        readEnd.close()
        waiters.forEach { $0.resume() }
    }

    /// What was read, once it contains `needle` (a readiness line), the stream ends, or
    /// `limit` passes, whichever comes first.
    func text(containing needle: String, waitingUpTo limit: Duration) async -> String {
        let needle = Data(needle.utf8)
        await withCheckedContinuation { continuation in
            let number = state.withLock { state -> Int? in
                guard !state.ended, state.tail.range(of: needle) == nil else { return nil }
                defer { state.nextSeeker += 1 }
                state.seekers[state.nextSeeker] = (needle, continuation)
                return state.nextSeeker
            }
            guard let number else { return continuation.resume() }
            loop.schedule(after: limit) { [self] in
                state.withLock { $0.seekers.removeValue(forKey: number) }?.continuation.resume()
            }
        }
        return String(decoding: state.withLock { $0.tail }, as: UTF8.self)
    }

    /// What was read, after the stream ends or `limit` passes (a grandchild may hold the
    /// pipe open after the child is gone).
    func text(waitingUpTo limit: Duration) async -> String {
        await withCheckedContinuation { continuation in
            let ended = state.withLock { state -> Bool in
                if !state.ended { state.waiters.append(continuation) }
                return state.ended
            }
            if ended { return continuation.resume() }
            loop.schedule(after: limit) { [self] in
                let waiting = state.withLock { state in
                    defer { state.waiters = [] }
                    return state.waiters
                }
                waiting.forEach { $0.resume() }
            }
        }
        return String(decoding: state.withLock { $0.tail }, as: UTF8.self)
    }

    /// Stops reading and closes the pipe.
    func close() { finish() }
}

extension ChildProcess {
    /// The end of the child's captured output (at most 16 KiB), once the stream has ended
    /// or `limit` has passed; empty unless the configuration captured a stream.
    package func output(waitingUpTo limit: Duration = .milliseconds(300)) async -> String {
        await output?.text(waitingUpTo: limit) ?? ""
    }

    /// The child's captured output once it contains `text` (a line saying it is ready), the
    /// stream ends, or `limit` passes; empty unless the configuration captured a stream.
    package func output(containing text: String, waitingUpTo limit: Duration) async -> String {
        await output?.text(containing: text, waitingUpTo: limit) ?? ""
    }
}
