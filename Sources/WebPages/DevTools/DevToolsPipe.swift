import CAppexSystem
import ExtensionIPC
import Foundation
import Glibc
import Synchronization
import SystemSupport

/// The bytes of Chromium's `--remote-debugging-pipe`: the browser reads commands from its
/// descriptor 3 and writes replies and events to its descriptor 4, each message a JSON
/// object followed by a NUL byte.
///
/// Both pipes are watched by the process's ``EventLoop`` (no thread of their own): a
/// command is written as the pipe takes it, and what the browser writes is split at each
/// NUL and handed to ``messages`` whole. Parsing happens in the task that reads that
/// stream, never on the loop's thread. A pipe rather than a WebSocket on a port, because
/// a port on loopback is open to every local process while the run lasts.
final class DevToolsPipe: Sendable {
    /// The largest message accepted; a larger one ends the connection (a page cannot make
    /// the host hold more than this for one reply).
    static let maximumMessage = 512 << 20

    private struct State: Sendable {
        var outgoing = Data()
        var writeArmed = false
        var incoming = Data()
        /// How far `incoming` has been searched for a NUL.
        var scanned = 0
        var closed = false
        var reader: EventLoop.Registration?
        var writer: EventLoop.Registration?
    }

    private let commandEnd: OwnedFileDescriptor
    private let replyEnd: OwnedFileDescriptor
    private let loop: EventLoop
    private let state = Mutex(State())
    /// The browser's messages, in order; it finishes when the browser closes its end.
    let messages: AsyncStream<Data>
    private let deliver: AsyncStream<Data>.Continuation

    private init(commandEnd: OwnedFileDescriptor, replyEnd: OwnedFileDescriptor, loop: EventLoop) {
        self.commandEnd = commandEnd
        self.replyEnd = replyEnd
        self.loop = loop
        (messages, deliver) = AsyncStream.makeStream(of: Data.self)
    }

    /// A pipe pair watched by `loop`, and the two ends the browser gets as its 3 and 4.
    static func make(loop: EventLoop) throws(WebPageError) -> (pipe: DevToolsPipe, browserReads: OwnedFileDescriptor, browserWrites: OwnedFileDescriptor) {
        let commands = try makePipe(), replies = try makePipe()
        for fd in [commands.write, replies.read] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        let pipe = DevToolsPipe(commandEnd: OwnedFileDescriptor(taking: commands.write),
                                replyEnd: OwnedFileDescriptor(taking: replies.read), loop: loop)
        do {
            let reader = try loop.register(replies.read, interest: .read) { [weak pipe] _ in pipe?.readAvailable() }
            let writer = try loop.register(commands.write, interest: .write) { [weak pipe] _ in pipe?.flush() }
            pipe.state.withLock { $0.reader = reader; $0.writer = writer; $0.writeArmed = true }
        } catch {
            Glibc.close(commands.read)
            Glibc.close(replies.write)
            pipe.close()
            throw WebPageError(.browserFailed, "cannot watch the DevTools pipe: \(error.message)")
        }
        return (pipe, OwnedFileDescriptor(taking: commands.read), OwnedFileDescriptor(taking: replies.write))
    }

    private static func makePipe() throws(WebPageError) -> (read: Int32, write: Int32) {
        var read: Int32 = -1, write: Int32 = -1
        let result = appex_pipe_cloexec(&read, &write)
        guard result == 0 else {
            throw WebPageError(.browserFailed, "cannot make a pipe for DevTools: \(SystemErrorText.text(result))")
        }
        return (read, write)
    }

    /// Queues `message` (one JSON object) and writes what the pipe takes now.
    func send(_ message: Data) {
        let open = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.outgoing.append(message)
            state.outgoing.append(0)
            return true
        }
        if open { loop.execute { [self] in flush() } }
    }

    /// Writes queued bytes until the pipe is full; waits for writability only while some remain.
    private func flush() {
        state.withLock { state in
            guard !state.closed, let fd = commandEnd.rawValue else { return }
            while !state.outgoing.isEmpty {
                let written = state.outgoing.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                if written > 0 {
                    state.outgoing.removeFirst(written)
                    continue
                }
                if written < 0 && errno == EINTR { continue }
                if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
                state.outgoing.removeAll()
                break
            }
            if let writer = state.writer {
                state.writeArmed = loop.modify(writer, interest: state.outgoing.isEmpty ? [] : .write, armed: state.writeArmed)
            }
        }
    }

    /// Reads what arrived and hands on every complete message.
    private func readAvailable() {
        var chunk = [UInt8](repeating: 0, count: 256 << 10)
        var ended = false
        while let fd = replyEnd.rawValue {
            let count = Glibc.read(fd, &chunk, chunk.count)
            if count > 0 {
                let (complete, tooLarge) = state.withLock { state -> ([Data], Bool) in
                    state.incoming.append(contentsOf: chunk[0..<count])
                    var complete: [Data] = []
                    while let end = state.incoming[(state.incoming.startIndex + state.scanned)...].firstIndex(of: 0) {
                        complete.append(Data(state.incoming[state.incoming.startIndex..<end]))
                        state.incoming.removeSubrange(state.incoming.startIndex...end)
                        state.scanned = 0
                    }
                    state.scanned = state.incoming.count
                    return (complete, state.incoming.count > Self.maximumMessage)
                }
                complete.forEach { deliver.yield($0) }
                if tooLarge { ended = true; break }
                continue
            }
            if count < 0 && errno == EINTR { continue }
            ended = count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
            break
        }
        if ended { close() }
    }

    /// Stops watching both pipes, closes them and finishes ``messages``.
    func close() {
        let registrations = state.withLock { state -> [EventLoop.Registration] in
            guard !state.closed else { return [] }
            state.closed = true
            defer { state.reader = nil; state.writer = nil; state.outgoing = Data(); state.incoming = Data() }
            return [state.reader, state.writer].compactMap { $0 }
        }
        registrations.forEach { loop.deregister($0) }
        commandEnd.close()
        replyEnd.close()
        deliver.finish()
    }
}
