import CAppexSystem
import Glibc
import Synchronization

/// One end of a host–extension connection: an AF_UNIX stream socket carrying frames and
/// descriptors.
///
/// Sending and receiving may happen on different threads at once; two sends (or two
/// receives) are serialized. This end is non-blocking and waits with `poll`, so every
/// call can take a timeout. See docs/IPC.md for the wire format.
public final class Channel: Sendable {
    /// What this end accepts from its peer.
    public let limits: ChannelLimits
    let socket: OwnedFileDescriptor
    let receiveState: Mutex<ReceiveState>
    let sendLock = Mutex(())

    struct ReceiveState: Sendable {
        var decoder: FrameDecoder
        var meter: RateMeter
        var closed = false
    }

    /// Takes ownership of a connected AF_UNIX stream socket, such as the descriptor an
    /// extension inherits (`APPEX_CHANNEL_FD`, normally 3).
    public init(adopting socket: OwnedFileDescriptor, limits: ChannelLimits = .default) throws(ChannelError) {
        self.limits = limits
        self.socket = socket
        receiveState = Mutex(ReceiveState(decoder: FrameDecoder(limits: limits), meter: RateMeter(limits: limits)))
        guard let fd = socket.rawValue else {
            throw ChannelError(code: .closed, message: "cannot adopt a closed descriptor")
        }
        let flags = fcntl(fd, F_GETFL)
        if flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0 {
            throw ChannelError.system("fcntl(O_NONBLOCK) on descriptor \(fd)", errno)
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    /// Two connected channels, for tests and for handing one end to a child.
    public static func makePair(limits: ChannelLimits = .default) throws(ChannelError) -> (Channel, Channel) {
        let (first, second) = try makeSocketPair()
        return (try Channel(adopting: first, limits: limits), try Channel(adopting: second, limits: limits))
    }

    /// A connected, close-on-exec AF_UNIX stream socket pair, still blocking.
    static func makeSocketPair() throws(ChannelError) -> (OwnedFileDescriptor, OwnedFileDescriptor) {
        var fds: [Int32] = [-1, -1]
        let result = fds.withUnsafeMutableBufferPointer { appex_socketpair(Int32(SOCK_STREAM.rawValue), $0.baseAddress) }
        if result != 0 { throw ChannelError.system("socketpair(AF_UNIX, SOCK_STREAM)", result) }
        return (OwnedFileDescriptor(taking: fds[0]), OwnedFileDescriptor(taking: fds[1]))
    }

    /// Closes this end: the peer's next receive reports ``ChannelError/Code/closed``, and
    /// calls waiting on this end wake up and report it too.
    public func close() {
        if let fd = socket.rawValue { _ = shutdown(fd, Int32(SHUT_RDWR)) }
        receiveState.withLock { state in
            state.closed = true
            sendLock.withLock { _ in socket.close() }
        }
    }

    /// Whether ``close()`` has been called on this end.
    public var isClosed: Bool { socket.rawValue == nil }

    deinit { socket.close() }
}
