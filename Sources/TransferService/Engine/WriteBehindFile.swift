import CAppexSystem
import Glibc
import NIOCore
import NIOPosix
import Synchronization

/// A download's file, written behind the network: received buffers queue up while one
/// thread of NIO's blocking-I/O pool writes them, so receiving and writing overlap.
///
/// Waiting for each write before taking the next buffer ran the two in turn and held a
/// 1 GiB download to a quarter of curl's speed (docs/BENCHMARKS.md). The queue is bounded:
/// reading pauses only while more than `limit` bytes are queued, so memory stays flat.
/// It is fed on the connection's event loop (``DownloadDelegate``), which it never blocks:
/// ``append(_:whenRoom:)`` only queues, and says when reading must pause. The writer is
/// woken once `batch` bytes wait. Every `writebackStride` bytes it asks the kernel to start
/// writing the file back to disk (`sync_file_range`), so the `fsync` before the download
/// is delivered has little left to do.
///
/// Waits end when the writer makes progress, which it always does (a disk write ends, or
/// fails and fails the file), so they need no cancellation of their own. The file is first
/// cut to `offset`, so that after a failure its length is what was written.
final class WriteBehindFile: Sendable {
    private struct State {
        var queue = CircularBuffer<ByteBuffer>()
        var queuedBytes = 0
        /// How far the file is written.
        var written: Int64
        var writing = false
        var failure: IOError?
        /// Appenders waiting for the queue to fall under the limit.
        var roomWaiters: [@Sendable () -> Void] = []
        /// The file is not yet cut to where writing starts.
        var truncatePending = true
        /// Callers of `finish` waiting for the queue to empty.
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
    }

    let descriptor: Int32
    let limit: Int
    /// How many bytes wait before the writer is woken (``finish()`` wakes it for fewer).
    let batch: Int
    let writebackStride: Int64
    private let state: Mutex<State>

    /// A file whose buffers go to `descriptor` from `offset` on.
    init(descriptor: Int32, offset: Int64, limit: Int = 4 << 20, batch: Int = 1 << 20, writebackStride: Int64 = 16 << 20) {
        self.descriptor = descriptor
        self.limit = limit
        self.batch = min(batch, limit)
        self.writebackStride = writebackStride
        state = Mutex(State(written: offset))
    }

    /// How far the file is written (buffers still queued are not counted).
    var written: Int64 { state.withLock { $0.written } }

    /// Queues `buffer` after the ones before it, without blocking. Returns whether there is
    /// room for more; when there is not, `whenRoom` is called once there is (or once a write
    /// failed). Throws the writer's error, once a write has failed.
    func append(_ buffer: ByteBuffer, whenRoom: @escaping @Sendable () -> Void) throws(IOError) -> Bool {
        let (startWriter, room) = try state.withLock { state throws(IOError) -> (Bool, Bool) in
            if let failure = state.failure { throw failure }
            state.queue.append(buffer)
            state.queuedBytes += buffer.readableBytes
            let room = state.queuedBytes <= limit
            if !room { state.roomWaiters.append(whenRoom) }
            // The writer starts once a batch is worth a thread's wake-up.
            guard !state.writing, state.queuedBytes >= batch else { return (false, room) }
            state.writing = true
            return (true, room)
        }
        if startWriter { startDraining() }
        return room
    }

    private func startDraining() {
        NIOThreadPool.singleton.submit { [self] work in drain(work) }
    }

    /// Waits until every queued buffer is written; returns how far the file is written.
    /// Throws the writer's error, if a write failed.
    @discardableResult
    func finish() async throws(IOError) -> Int64 {
        await withCheckedContinuation { continuation in
            let (waits, startWriter) = state.withLock { state -> (Bool, Bool) in
                let startWriter = !state.writing && !state.queue.isEmpty && state.failure == nil
                if startWriter { state.writing = true }
                guard state.writing else { return (false, false) }
                state.idleWaiters.append(continuation)
                return (true, startWriter)
            }
            if startWriter { startDraining() }
            if !waits { continuation.resume() }
        }
        return try state.withLock { state throws(IOError) in
            if let failure = state.failure { throw failure }
            return state.written
        }
    }

    /// Cuts the file where writing ended and waits until it is on disk (on a pool thread):
    /// the download is complete and will be delivered.
    func synchronize() async throws {
        let length = try await finish()
        try await NIOThreadPool.singleton.runIfActive { [descriptor] in
            guard ftruncate(descriptor, off_t(length)) == 0 else { throw IOError(errnoCode: errno, reason: "ftruncate") }
            guard fsync(descriptor) == 0 else { throw IOError(errnoCode: errno, reason: "fsync") }
        }
    }

    /// The writer: writes what is queued until the queue is empty (on a pool thread).
    private func drain(_ work: NIOThreadPool.WorkItemState) {
        enum Step {
            case write([ByteBuffer], at: Int64)
            case stop(room: [@Sendable () -> Void], idle: [CheckedContinuation<Void, Never>])
        }
        let (start, cut) = state.withLock { state in
            defer { state.truncatePending = false }
            return (state.written, state.truncatePending)
        }
        if cut, ftruncate(descriptor, off_t(start)) != 0 {
            let failure = IOError(errnoCode: errno, reason: "ftruncate")
            state.withLock { $0.failure = failure }
        }
        var writebackFrom = start
        while true {
            // Taking the last buffer and stopping happen under one lock, so a buffer
            // appended meanwhile either is taken here or starts a new writer.
            let step = state.withLock { state -> Step in
                if work != .active, state.failure == nil {
                    state.failure = IOError(errnoCode: ECANCELED, reason: "the service is shutting down")
                }
                if state.failure == nil, !state.queue.isEmpty {
                    defer { state.queue.removeAll(keepingCapacity: true) }
                    return .write(Array(state.queue), at: state.written)
                }
                state.queue.removeAll()
                state.queuedBytes = 0
                state.writing = false
                defer { (state.roomWaiters, state.idleWaiters) = ([], []) }
                return .stop(room: state.roomWaiters, idle: state.idleWaiters)
            }
            guard case .write(let buffers, let offset) = step else {
                if case .stop(let room, let idle) = step {
                    for waiter in room { waiter() }
                    for waiter in idle { waiter.resume() }
                }
                return
            }
            var failure: IOError?
            var done: Int64 = 0
            for buffer in buffers {
                failure = Self.write(buffer, to: descriptor, at: offset + done)
                if failure != nil { break }
                done += Int64(buffer.readableBytes)
            }
            let taken = buffers.reduce(0) { $0 + $1.readableBytes }
            let resumed = state.withLock { [done] state -> [@Sendable () -> Void] in
                state.queuedBytes -= taken
                state.written += done
                if let failure { state.failure = failure }
                guard failure != nil || state.queuedBytes <= limit else { return [] }
                defer { state.roomWaiters = [] }
                return state.roomWaiters
            }
            for waiter in resumed { waiter() }
            let written = offset + done
            if failure == nil, written - writebackFrom >= writebackStride {
                _ = appex_start_writeback(descriptor, writebackFrom, written - writebackFrom)
                writebackFrom = written
            }
        }
    }

    /// Writes all of `buffer` at `offset`; the error, if one stopped it.
    private static func write(_ buffer: ByteBuffer, to descriptor: Int32, at offset: Int64) -> IOError? {
        buffer.withUnsafeReadableBytes { raw -> IOError? in
            var done = 0
            while done < raw.count {
                let result = pwrite(descriptor, raw.baseAddress.map { $0 + done }, raw.count - done, off_t(offset) + off_t(done))
                if result < 0 {
                    if errno == EINTR { continue }
                    return IOError(errnoCode: errno, reason: "pwrite")
                }
                done += result
            }
            return nil
        }
    }
}
