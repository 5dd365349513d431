import CAppexSystem
import Glibc

extension Channel {
    /// Sends `frame`, its descriptors attached to its first byte (SCM_RIGHTS).
    ///
    /// The descriptors stay open on this side. Blocks until the whole frame is written or
    /// `timeout` passes (``ChannelError/Code/timedOut``; the frame may then be partly sent
    /// and the channel should be closed). A closed peer gives ``ChannelError/Code/closed``.
    public func send(_ frame: Frame, timeout: Duration? = nil) throws(ChannelError) {
        let bytes = try FrameEncoder.encode(frame, limits: limits)
        var descriptors: [Int32] = []
        for descriptor in frame.descriptors {
            guard let fd = descriptor.rawValue else {
                throw ChannelError(code: .systemError, message: "frame carries a descriptor that is already closed", errno: EBADF)
            }
            descriptors.append(fd)
        }
        let deadline = Deadline(timeout: timeout)
        try sendLock.withLock { _ throws(ChannelError) in
            try write(bytes, descriptors: descriptors, deadline: deadline)
        }
    }

    private func write(_ bytes: [UInt8], descriptors: [Int32], deadline: Deadline) throws(ChannelError) {
        guard let fd = socket.rawValue else {
            throw ChannelError(code: .closed, message: "the channel is closed on this side")
        }
        var offset = 0
        var pending = descriptors
        while offset < bytes.count {
            var sent = 0
            let result = bytes.withUnsafeBytes { raw in
                pending.withUnsafeBufferPointer { fds in
                    appex_send_with_fds(fd, raw.baseAddress! + offset, raw.count - offset,
                                        fds.baseAddress, Int32(fds.count), &sent)
                }
            }
            switch result {
            case 0:
                offset += sent
                if sent > 0 { pending = [] }
            case EAGAIN, EWOULDBLOCK:
                let ready = Poll.wait(fd, events: Int16(POLLOUT), until: deadline)
                if ready == 0 {
                    throw ChannelError(code: .timedOut, message: "sent \(offset) of \(bytes.count) bytes before the deadline; the peer is not reading")
                }
                if ready < 0 { throw ChannelError.system("poll", -ready) }
            case EPIPE, ECONNRESET, ENOTCONN:
                throw ChannelError(code: .closed, message: "the peer closed the channel (\(SystemErrorText.text(result)))", errno: result)
            default:
                throw ChannelError.system("sendmsg", result)
            }
        }
    }
}
