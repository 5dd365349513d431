import CAppexSystem
import Glibc
import Synchronization

/// One end of a host–extension connection: an AF_UNIX stream socket carrying frames and
/// descriptors, driven by the process's ``EventLoop``.
///
/// Nothing blocks a thread: ``send(_:)`` suspends while the socket is full (backpressure,
/// never a thread held under a lock) and ``receive()`` suspends until a frame is decoded.
/// The loop reads as data arrives and stops reading while 64 frames wait for the
/// consumer, so a flooding peer fills its own socket buffer, not the host's memory.
/// Several senders may send at once: frames go out whole, in the order they were sent.
/// See docs/IPC.md for the wire format.
package final class Channel: Sendable {
    /// What this end accepts from its peer.
    package let limits: ChannelLimits
    let socket: OwnedFileDescriptor
    package let loop: EventLoop
    let state: Mutex<ChannelState>
    let registration: Mutex<EventLoop.Registration?>

    /// Takes ownership of a connected AF_UNIX stream socket, such as the descriptor an
    /// extension inherits (`APPEX_CHANNEL_FD`, normally 3), and registers it with the
    /// process's event loop.
    package init(adopting socket: OwnedFileDescriptor, limits: ChannelLimits = .default) throws(ChannelError) {
        self.limits = limits
        self.socket = socket
        loop = try EventLoop.shared()
        state = Mutex(ChannelState(decoder: FrameDecoder(limits: limits), meter: RateMeter(limits: limits)))
        registration = Mutex(nil)
        guard let fd = socket.rawValue else {
            throw ChannelError(code: .closed, message: "cannot adopt a closed descriptor")
        }
        let flags = fcntl(fd, F_GETFL)
        if flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0 {
            throw ChannelError.system("fcntl(O_NONBLOCK) on descriptor \(fd)", errno)
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let registered = try loop.register(fd, interest: .read) { [weak self] events in
            self?.handle(events)
        }
        registration.withLock { $0 = registered }
    }

    /// Two connected channels, for tests and for handing one end to a child.
    package static func makePair(limits: ChannelLimits = .default) throws(ChannelError) -> (Channel, Channel) {
        let (first, second) = try makeSocketPair()
        return (try Channel(adopting: first, limits: limits), try Channel(adopting: second, limits: limits))
    }

    /// A connected, close-on-exec AF_UNIX stream socket pair, still blocking.
    package static func makeSocketPair() throws(ChannelError) -> (OwnedFileDescriptor, OwnedFileDescriptor) {
        var fds: [Int32] = [-1, -1]
        let result = fds.withUnsafeMutableBufferPointer { appex_socketpair(Int32(SOCK_STREAM.rawValue), $0.baseAddress) }
        if result != 0 { throw ChannelError.system("socketpair(AF_UNIX, SOCK_STREAM)", result) }
        return (OwnedFileDescriptor(taking: fds[0]), OwnedFileDescriptor(taking: fds[1]))
    }

    /// Readiness from the loop: read what arrived, write what waits.
    private func handle(_ events: UInt32) {
        if events & (Self.readEvents | Self.errorEvents) != 0 { readAvailable() }
        if events & (Self.writeEvents | Self.errorEvents) != 0 { flush() }
    }

    static let readEvents = APPEX_EVENT_IN | APPEX_EVENT_RDHUP
    static let writeEvents = APPEX_EVENT_OUT
    static let errorEvents = APPEX_EVENT_HUP | APPEX_EVENT_ERR

    /// Tells epoll what the state now wants; call with the state locked.
    func updateInterest(_ state: inout ChannelState) {
        let wanted = state.wantedInterest
        guard wanted != state.interest, !state.closed, let registration = registration.withLock({ $0 }) else { return }
        state.interest = wanted
        state.armed = loop.modify(registration, interest: wanted, armed: state.armed)
    }

    /// Stops receiving: frames already in the socket are still delivered, then the
    /// receive side ends as if the peer had closed. The host calls it once the child has
    /// exited, so a descriptor some grandchild inherited cannot keep the session open.
    ///
    /// The end does not wait for epoll: after `SHUT_RD` a read returns what is queued, then
    /// 0, and never blocks, so the waiting receiver is served here and every later receive
    /// reads for itself. A session whose registration was lost still ends.
    package func shutdownReceiving() {
        let shut = state.withLock { state -> Bool in
            guard !state.closed, let fd = socket.rawValue else { return false }
            _ = shutdown(fd, Int32(SHUT_RD))
            state.receiveShutDown = true
            return true
        }
        if shut { readAvailable() }
    }

    /// Closes this end: the peer's next receive reports ``ChannelError/Code/closed``, and
    /// this end's waiting receiver and senders are resumed with it.
    package func close() {
        let error = ChannelError(code: .closed, message: "the channel is closed on this side")
        let (receiver, senders) = state.withLock { state -> (CheckedContinuation<Frame, any Error>?, [CheckedContinuation<Void, any Error>]) in
            guard !state.closed else { return (nil, []) }
            state.closed = true
            if state.receiveEnd == nil { state.receiveEnd = error }
            if state.sendEnd == nil { state.sendEnd = error }
            if let registration = registration.withLock({ $0.take() }) { loop.deregister(registration) }
            if let fd = socket.rawValue { _ = shutdown(fd, Int32(SHUT_RDWR)) }
            socket.close()
            // Frames not taken and descriptors still waiting for their header: closed now,
            // not whenever the last owner of this channel lets it go.
            state.inbound.removeAll()
            state.decoder = FrameDecoder(limits: limits)
            let senders = state.outbound.compactMap(\.waiter)
            state.outbound.removeAll()
            defer { state.receiver = nil }
            return (state.receiver, senders)
        }
        receiver?.resume(throwing: error)
        senders.forEach { $0.resume(throwing: error) }
    }

    /// Whether ``close()`` has been called on this end.
    package var isClosed: Bool { state.withLock { $0.closed } }

    deinit { close() }
}
