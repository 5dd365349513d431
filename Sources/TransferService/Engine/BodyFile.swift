import Glibc
import Synchronization

/// The file an upload's body is read from, closed once the request is over and no read
/// of it is running.
///
/// A read ahead can still be running on the thread pool when the request ends (a failed
/// or cancelled request does not wait for its body), and a write can stay pending for ever:
/// AsyncHTTPClient drops the promise of a write held back by backpressure when the request
/// fails. So the request does not wait for its body; whichever ends last, the request or
/// the last read, closes the file, and a read that starts after the request is over does
/// not touch it (the kernel may already have given its number to another file).
final class BodyFile: Sendable {
    private struct State {
        var reads = 0
        var requestOver = false
        var closed = false
    }

    private let descriptor: Int32
    private let state = Mutex(State())

    /// Takes `descriptor`: it is closed by this file.
    init(taking descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        let close = state.withLock { state in
            defer { state.closed = true }
            return !state.closed
        }
        if close { Glibc.close(descriptor) }
    }

    /// Runs `body` with the file's descriptor; throws ``RequestOver`` once the request is over.
    func read<T>(_ body: (Int32) throws -> T) throws -> T {
        try state.withLock { state in
            if state.requestOver { throw RequestOver() }
            state.reads += 1
        }
        defer { endRead() }
        return try body(descriptor)
    }

    /// Says that the request is over: the file is closed now, or when its last read ends.
    func requestEnded() {
        let close = state.withLock { state in
            state.requestOver = true
            return closeIfDone(&state)
        }
        if close { Glibc.close(descriptor) }
    }

    private func endRead() {
        let close = state.withLock { state in
            state.reads -= 1
            return closeIfDone(&state)
        }
        if close { Glibc.close(descriptor) }
    }

    private func closeIfDone(_ state: inout State) -> Bool {
        guard state.requestOver, state.reads == 0, !state.closed else { return false }
        state.closed = true
        return true
    }

    /// A read asked for after the request ended.
    struct RequestOver: Error, CustomStringConvertible {
        var description: String { "the upload's request is over" }
    }
}
