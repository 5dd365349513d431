import Foundation

extension Channel {
    /// The frames this end receives, as an async sequence, until the peer closes.
    ///
    /// A dedicated thread receives (so the cooperative pool never blocks on the socket) and
    /// checks every 100 ms whether the consumer has stopped iterating. The sequence ends
    /// normally when the peer closes between frames and throws any other ``ChannelError``.
    /// Use either this or ``receive(timeout:)``, not both.
    public var frames: AsyncThrowingStream<Frame, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Frame, any Error>.makeStream(bufferingPolicy: .bufferingOldest(64))
        let stopped = StopFlag()
        continuation.onTermination = { _ in stopped.stop() }
        let thread = Thread { [self] in
            while !stopped.isStopped {
                do throws(ChannelError) {
                    let frame = try receive(timeout: .milliseconds(100))
                    continuation.yield(frame)
                } catch {
                    if error.code == .timedOut { continue }
                    if error.code == .closed {
                        continuation.finish()
                    } else {
                        continuation.finish(throwing: error)
                    }
                    return
                }
            }
        }
        thread.name = "appex-channel-frames"
        thread.start()
        return stream
    }
}
