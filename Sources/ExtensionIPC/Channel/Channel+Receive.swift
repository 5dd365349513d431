import CAppexSystem
import Glibc

extension Channel {
    /// The bytes one read asks for.
    static let readSize = 64 << 10

    /// The next frame, when one has arrived.
    ///
    /// Errors: ``ChannelError/Code/closed`` when the peer closed between frames (or this
    /// side closed), ``ChannelError/Code/truncated`` when it closed inside one,
    /// ``ChannelError/Code/cancelled`` when the waiting task is cancelled, and the
    /// decoder's and rate meter's errors. After an error other than a cancellation the
    /// channel has lost its framing; every later receive reports the same error. One
    /// consumer at a time.
    package func receive() async throws(ChannelError) -> Frame {
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Frame, any Error>) in
                    let (ready, readsItself) = state.withLock { state -> (Result<Frame, ChannelError>?, Bool) in
                        if Task.isCancelled { return (.failure(ChannelError(code: .cancelled, message: "the receiving task was cancelled")), false) }
                        if let frame = takeFrame(&state) { return (.success(frame), false) }
                        if let end = state.receiveEnd { return (.failure(end), false) }
                        state.receiver = continuation
                        return (nil, state.receiveShutDown)
                    }
                    if let ready { continuation.resume(with: ready) }
                    // Shut down for receiving: the socket holds its last frames, then its end.
                    else if readsItself { readAvailable() }
                }
            } onCancel: {
                let waiting = state.withLock { state in
                    defer { state.receiver = nil }
                    return state.receiver
                }
                waiting?.resume(throwing: ChannelError(code: .cancelled, message: "the receiving task was cancelled"))
            }
        } catch let error as ChannelError {
            throw error
        } catch {
            throw ChannelError(code: .cancelled, message: "the receiving task was cancelled")
        }
    }

    /// Takes the oldest decoded frame and resumes reading if it had paused.
    private func takeFrame(_ state: inout ChannelState) -> Frame? {
        guard !state.inbound.isEmpty else { return nil }
        let frame = state.inbound.removeFirst()
        if state.readPaused, state.inbound.count < ChannelState.highWater / 2 {
            state.readPaused = false
            updateInterest(&state)
        }
        return frame
    }

    /// Reads what the socket holds (on the loop, when it is readable) and hands decoded
    /// frames to the waiting consumer.
    func readAvailable() {
        let (waiter, result) = state.withLock { state -> (CheckedContinuation<Frame, any Error>?, Result<Frame, ChannelError>?) in
            while !state.closed, state.receiveEnd == nil, state.inbound.count < ChannelState.highWater {
                do throws(ChannelError) {
                    guard try read(into: &state) else { break }
                    while let frame = try state.decoder.nextFrame() {
                        try state.meter.record(size: FrameHeader.size + frame.payload.count)
                        state.inbound.append(frame)
                    }
                } catch {
                    state.receiveEnd = error
                }
            }
            if state.inbound.count >= ChannelState.highWater { state.readPaused = true }
            updateInterest(&state)
            guard let receiver = state.receiver else { return (nil, nil) }
            if let frame = takeFrame(&state) {
                state.receiver = nil
                return (receiver, .success(frame))
            }
            if let end = state.receiveEnd {
                state.receiver = nil
                return (receiver, .failure(end))
            }
            return (nil, nil)
        }
        if let waiter, let result { waiter.resume(with: result) }
    }

    /// One non-blocking `recvmsg` into the decoder; `false` when nothing more is there now.
    private func read(into state: inout ChannelState) throws(ChannelError) -> Bool {
        guard let fd = socket.rawValue else {
            throw ChannelError(code: .closed, message: "the channel is closed on this side")
        }
        var buffer = [UInt8](repeating: 0, count: Self.readSize)
        var fds = [Int32](repeating: -1, count: Int(APPEX_MAX_FDS_PER_MESSAGE))
        var fdCount: Int32 = 0
        var received = 0
        let result = buffer.withUnsafeMutableBytes { raw in
            fds.withUnsafeMutableBufferPointer { fdBuffer in
                appex_recv_with_fds(fd, raw.baseAddress, raw.count, fdBuffer.baseAddress,
                                    Int32(fdBuffer.count), &fdCount, &received)
            }
        }
        let descriptors = fds.prefix(Int(fdCount)).map(OwnedFileDescriptor.init(taking:))
        switch result {
        case 0:
            if received == 0 {
                if state.decoder.hasPartialFrame {
                    throw ChannelError(code: .truncated, message: "the peer closed the channel in the middle of a frame")
                }
                throw ChannelError(code: .closed, message: "the peer closed the channel")
            }
            try state.decoder.append(buffer.prefix(received), descriptors: descriptors)
            return true
        case EAGAIN, EWOULDBLOCK:
            return false
        case ECONNRESET:
            throw ChannelError(code: .closed, message: "the peer reset the channel", errno: result)
        case EMSGSIZE, ENOBUFS:
            throw ChannelError(code: .tooManyDescriptors, message: "the peer attached more than \(APPEX_MAX_FDS_PER_MESSAGE) descriptors to one message")
        default:
            throw ChannelError.system("recvmsg", result)
        }
    }
}
