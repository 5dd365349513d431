import Glibc

/// Everything a ``Channel`` changes as it works, behind one `Mutex`: the decoder and
/// what it decoded, the writes not yet out, and who waits for either.
struct ChannelState: Sendable {
    /// A frame's bytes on their way out, and the sender waiting for them.
    struct PendingWrite: Sendable {
        let id: UInt64
        let bytes: [UInt8]
        var offset = 0
        /// Kept open until the first byte is out; the kernel dups them on send.
        var descriptors: [OwnedFileDescriptor]
        var waiter: CheckedContinuation<Void, any Error>?
    }

    var decoder: FrameDecoder
    var meter: RateMeter
    /// Decoded frames the consumer has not taken yet.
    var inbound: [Frame] = []
    /// How the receive side ended (after `inbound` drains): closed, truncated, an error.
    var receiveEnd: ChannelError?
    /// The consumer waiting in ``Channel/receive()``.
    var receiver: CheckedContinuation<Frame, any Error>?
    /// Whether reading stopped because `inbound` is full (backpressure on the peer).
    var readPaused = false
    /// Set by ``Channel/shutdownReceiving()``: reads no longer block, so a waiting
    /// receiver reads for itself instead of trusting epoll to say so.
    var receiveShutDown = false

    var outbound: [PendingWrite] = []
    var nextWriteID: UInt64 = 1
    /// Set once ``Channel/close()`` ran or a send failed for good.
    var sendEnd: ChannelError?
    var closed = false
    /// The interest last given to epoll.
    var interest: EventLoop.Interest = .read
    /// Whether the socket is in epoll's set (it leaves it while nothing is wanted).
    var armed = true

    /// What epoll should watch now.
    var wantedInterest: EventLoop.Interest {
        var wanted: EventLoop.Interest = []
        if !readPaused && receiveEnd == nil { wanted.insert(.read) }
        if !outbound.isEmpty { wanted.insert(.write) }
        return wanted
    }

    /// The most frames held for a slow consumer before reading pauses.
    static let highWater = 64
}
