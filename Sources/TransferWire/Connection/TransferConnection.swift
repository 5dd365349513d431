import CAppexSystem
import DeviceLayout
import ExtensionIPC
import Foundation
import Synchronization
import SystemSupport

/// A client's connection to the transfer service: requests paired with their replies, and
/// the notices the service sends on its own.
///
/// The channel is the host's own (ExtensionIPC: frames with descriptors, on the process's
/// event loop). One reader task, owned by the connection, routes each incoming frame:
/// replies to their waiting callers, everything else to ``notices``. ``close()`` ends it.
package final class TransferConnection: Sendable {
    /// A request's reply: expected, awaited by its caller, or arrived before the caller waited.
    private enum ReplySlot: Sendable {
        case expected
        case waiting(CheckedContinuation<TransferReply, any Error>)
        case arrived(TransferReply)
    }

    private struct State: Sendable {
        var nextID: UInt64 = 1
        var replies: [UInt64: ReplySlot] = [:]
        var ended: TransferServiceError?
        var reader: Task<Void, Never>?
    }

    private let channel: Channel
    private let state = Mutex(State())
    private let noticeSink: AsyncStream<TransferNotice>.Continuation
    /// What the service sends unasked: progress, events, pending events. Ends with the connection.
    package let notices: AsyncStream<TransferNotice>
    /// Who the service decided this caller is.
    package let caller: TransferCaller

    private init(channel: Channel, caller: TransferCaller, notices: AsyncStream<TransferNotice>,
                 sink: AsyncStream<TransferNotice>.Continuation) {
        self.channel = channel
        self.caller = caller
        self.notices = notices
        noticeSink = sink
    }

    /// Connects to the service at `socket` and introduces the caller (with `token` when a
    /// host granted one; else the service knows it by its executable).
    package static func connect(socket: URL, token: String?) async throws(TransferServiceError) -> TransferConnection {
        var fd: Int32 = -1
        let result = appex_unix_connect(socket.path, &fd)
        guard result == 0 else {
            throw TransferServiceError(.unavailable, "cannot connect to the transfer service at \(socket.path): \(SystemErrorText.text(result))")
        }
        let channel: Channel
        do {
            channel = try Channel(adopting: OwnedFileDescriptor(taking: fd))
        } catch {
            throw TransferServiceError(.unavailable, "cannot use the transfer service's socket: \(error.message)")
        }
        let (notices, sink) = AsyncStream.makeStream(of: TransferNotice.self)
        // The hello goes out before the reader exists: its reply is read here, directly.
        do {
            try await channel.send(TransferEnvelope(id: 0, body: TransferRequest.hello(token: token)).frame())
            let envelope = try TransferEnvelope<TransferNotice>(frame: try await channel.receive())
            switch envelope.body {
            case .reply(.welcome(let caller)):
                let connection = TransferConnection(channel: channel, caller: caller, notices: notices, sink: sink)
                connection.startReading()
                return connection
            case .reply(.refused(let failure)):
                channel.close()
                throw TransferServiceError(failure)
            default:
                channel.close()
                throw TransferServiceError(.connectionLost, "the transfer service answered the hello with \(envelope.body)")
            }
        } catch let error as TransferServiceError {
            throw error
        } catch let error as TransferFailure {
            channel.close()
            throw TransferServiceError(.connectionLost, error.message)
        } catch {
            channel.close()
            throw TransferServiceError(.connectionLost, "the transfer service closed the connection during the hello: \(error)")
        }
    }

    /// Sends `request` (with `descriptors` attached) and waits for its reply; a refusal throws.
    ///
    /// The frame is sent before this waits, so requests from one caller reach the service
    /// in the order they were made.
    package func call(_ request: TransferRequest, descriptors: [OwnedFileDescriptor] = []) async throws(TransferServiceError) -> TransferReply {
        let id = try state.withLock { state throws(TransferServiceError) -> UInt64 in
            if let ended = state.ended { throw ended }
            defer { state.nextID += 1 }
            state.replies[state.nextID] = .expected
            return state.nextID
        }
        do {
            try await channel.send(try TransferEnvelope(id: id, body: request).frame(descriptors: descriptors))
        } catch {
            _ = state.withLock { $0.replies.removeValue(forKey: id) }
            throw TransferServiceError(.connectionLost, "cannot send \(request) to the transfer service: \(error)")
        }
        let reply: TransferReply
        do {
            reply = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<TransferReply, any Error>) in
                let ready = state.withLock { state -> Result<TransferReply, TransferServiceError>? in
                    switch state.replies[id] {
                    case .arrived(let reply):
                        state.replies[id] = nil
                        return .success(reply)
                    case .expected:
                        state.replies[id] = .waiting(continuation)
                        return nil
                    case .waiting, nil:
                        return .failure(state.ended ?? TransferServiceError(.connectionLost, "the reply to request \(id) was lost"))
                    }
                }
                if let ready { continuation.resume(with: ready) }
            }
        } catch let error as TransferServiceError {
            throw error
        } catch {
            throw TransferServiceError(.connectionLost, "\(error)")
        }
        if case .refused(let failure) = reply { throw TransferServiceError(failure) }
        return reply
    }

    /// Closes the connection: waiting callers get `connection-lost`, ``notices`` ends.
    package func close() {
        channel.close()
        end(TransferServiceError(.connectionLost, "the connection to the transfer service was closed"))
    }

    deinit { close() }

    /// The event loop the connection's socket is on.
    package var loop: EventLoop { channel.loop }

    private func startReading() {
        // On the loop, not the global pool: `URLSession`'s synchronous calls block their
        // thread until a reply arrives, and with every pool thread blocked so (two, on a
        // two-core machine) a reader waiting for one would never deliver the replies.
        let reader = Task(executorPreference: channel.loop) { [channel, weak self] in
            while true {
                let frame: Frame
                do {
                    frame = try await channel.receive()
                } catch let error as ChannelError {
                    self?.end(TransferServiceError(.connectionLost, "the transfer service closed the connection: \(error.message)"))
                    return
                } catch {
                    self?.end(TransferServiceError(.connectionLost, "the transfer service closed the connection: \(error)"))
                    return
                }
                guard let self else { return }
                do throws(TransferFailure) {
                    let envelope = try TransferEnvelope<TransferNotice>(frame: frame)
                    if case .reply(let reply) = envelope.body, envelope.id != 0 {
                        deliver(reply, to: envelope.id)
                    } else {
                        noticeSink.yield(envelope.body)
                    }
                } catch {
                    channel.close()
                    end(TransferServiceError(.connectionLost, "the transfer service sent a malformed message: \(error.message)"))
                    return
                }
            }
        }
        state.withLock { $0.reader = reader }
    }

    private func deliver(_ reply: TransferReply, to id: UInt64) {
        let waiter = state.withLock { state -> CheckedContinuation<TransferReply, any Error>? in
            switch state.replies[id] {
            case .waiting(let continuation):
                state.replies[id] = nil
                return continuation
            case .expected:
                state.replies[id] = .arrived(reply)
                return nil
            case .arrived, nil:
                return nil
            }
        }
        waiter?.resume(returning: reply)
    }

    private func end(_ error: TransferServiceError) {
        let waiters = state.withLock { state -> [CheckedContinuation<TransferReply, any Error>] in
            guard state.ended == nil else { return [] }
            state.ended = error
            defer { state.replies.removeAll() }
            return state.replies.values.compactMap { slot in
                if case .waiting(let continuation) = slot { return continuation }
                return nil
            }
        }
        waiters.forEach { $0.resume(throwing: error) }
        noticeSink.finish()
    }
}
