import CAppexSystem
import Glibc

extension Channel {
    /// The bytes one read asks for.
    static let readSize = 64 << 10

    /// Receives the next frame, waiting at most `timeout` (`nil`: forever).
    ///
    /// Errors: ``ChannelError/Code/closed`` when the peer closed between frames,
    /// ``ChannelError/Code/truncated`` when it closed inside one, ``ChannelError/Code/timedOut``,
    /// and the decoder's and rate meter's errors. After any error but a timeout the channel
    /// has lost its framing; every later receive reports the same error.
    public func receive(timeout: Duration? = nil) throws(ChannelError) -> Frame {
        let deadline = Deadline(timeout: timeout)
        return try receiveState.withLock { state throws(ChannelError) -> Frame in
            while true {
                if let frame = try state.decoder.nextFrame() {
                    try state.meter.record(size: FrameHeader.size + frame.payload.count)
                    return frame
                }
                try read(into: &state, deadline: deadline)
            }
        }
    }

    private func read(into state: inout ReceiveState, deadline: Deadline) throws(ChannelError) {
        guard !state.closed, let fd = socket.rawValue else {
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
        case EAGAIN, EWOULDBLOCK:
            let ready = Poll.wait(fd, events: Int16(POLLIN), until: deadline)
            if ready == 0 { throw ChannelError(code: .timedOut, message: "no frame arrived before the deadline") }
            if ready < 0 { throw ChannelError.system("poll", -ready) }
        case ECONNRESET:
            throw ChannelError(code: .closed, message: "the peer reset the channel", errno: result)
        case EMSGSIZE, ENOBUFS:
            throw ChannelError(code: .tooManyDescriptors, message: "the peer attached more than \(APPEX_MAX_FDS_PER_MESSAGE) descriptors to one message")
        default:
            throw ChannelError.system("recvmsg", result)
        }
    }
}
