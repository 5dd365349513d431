import SystemSupport
import CAppexSystem
import Glibc

extension Channel {
    /// Sends `frame`, its descriptors attached to its first byte (SCM_RIGHTS).
    ///
    /// Returns once the whole frame is in the socket; while the socket is full the caller
    /// is suspended, never a thread. The descriptors stay open on this side. A closed peer
    /// gives ``ChannelError/Code/closed``. Cancelling a send whose first byte has not gone
    /// out withdraws it (``ChannelError/Code/cancelled``); one already started finishes,
    /// so the stream keeps its framing.
    package func send(_ frame: Frame) async throws(ChannelError) {
        let bytes = try FrameEncoder.encode(frame, limits: limits)
        for descriptor in frame.descriptors where descriptor.rawValue == nil {
            throw ChannelError(code: .systemError, message: "frame carries a descriptor that is already closed", errno: EBADF)
        }
        let id = state.withLock { state in
            defer { state.nextWriteID += 1 }
            return state.nextWriteID
        }
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    let refused = state.withLock { state -> ChannelError? in
                        if let end = state.sendEnd { return end }
                        if Task.isCancelled { return ChannelError(code: .cancelled, message: "the sending task was cancelled") }
                        state.outbound.append(.init(id: id, bytes: bytes, descriptors: frame.descriptors, waiter: continuation))
                        // Alone in the queue: try now, on this thread (non-blocking). From
                        // here on `write`, `close` or the cancellation resumes the sender.
                        if state.outbound.count == 1 { write(&state) }
                        return nil
                    }
                    if let refused { continuation.resume(throwing: refused) }
                }
            } onCancel: {
                let withdrawn = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                    guard let index = state.outbound.firstIndex(where: { $0.id == id }), state.outbound[index].offset == 0 else { return nil }
                    let waiter = state.outbound.remove(at: index).waiter
                    updateInterest(&state)
                    return waiter
                }
                withdrawn?.resume(throwing: ChannelError(code: .cancelled, message: "the sending task was cancelled"))
            }
        } catch let error as ChannelError {
            throw error
        } catch {
            throw ChannelError(code: .cancelled, message: "the sending task was cancelled")
        }
    }

    /// Writes what waits (on the loop, when the socket is writable).
    func flush() {
        state.withLock { state in _ = write(&state) }
    }

    /// Writes queued frames in order until the socket is full; resumes each sender whose
    /// frame is out, fails them all if the peer is gone. Called with the state locked;
    /// `sendmsg` is non-blocking.
    @discardableResult
    func write(_ state: inout ChannelState) -> Result<Void, ChannelError>? {
        defer { updateInterest(&state) }
        while !state.outbound.isEmpty {
            guard let fd = socket.rawValue, !state.closed else { return fail(&state, ChannelError(code: .closed, message: "the channel is closed on this side")) }
            var pending = state.outbound[0]
            let fds = pending.offset == 0 ? pending.descriptors.compactMap(\.rawValue) : []
            var sent = 0
            let result = pending.bytes.withUnsafeBytes { raw in
                fds.withUnsafeBufferPointer { fdBuffer in
                    appex_send_with_fds(fd, raw.baseAddress.map { $0 + pending.offset }, raw.count - pending.offset,
                                        fdBuffer.baseAddress, Int32(fdBuffer.count), &sent)
                }
            }
            switch result {
            case 0:
                pending.offset += sent
                if sent > 0 { pending.descriptors = [] }
                if pending.offset == pending.bytes.count {
                    state.outbound.removeFirst()
                    pending.waiter?.resume()
                } else {
                    state.outbound[0] = pending
                }
            case EAGAIN, EWOULDBLOCK:
                return nil
            case EPIPE, ECONNRESET, ENOTCONN:
                return fail(&state, ChannelError(code: .closed, message: "the peer closed the channel (\(SystemErrorText.text(result)))", errno: result))
            default:
                return fail(&state, ChannelError.system("sendmsg", result))
            }
        }
        return .success(())
    }

    /// Ends the send side: every waiting sender gets `error`.
    private func fail(_ state: inout ChannelState, _ error: ChannelError) -> Result<Void, ChannelError> {
        state.sendEnd = error
        for pending in state.outbound { pending.waiter?.resume(throwing: error) }
        state.outbound.removeAll()
        return .failure(error)
    }
}
