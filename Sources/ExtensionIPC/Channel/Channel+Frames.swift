extension Channel {
    /// The frames this end receives, as an async sequence that ends when the peer closes
    /// between frames and throws any other ``ChannelError``. One consumer at a time.
    public var frames: Frames { Frames(channel: self) }

    /// The frames of a channel, as an async sequence.
    public struct Frames: AsyncSequence, Sendable {
        public typealias Element = Frame
        let channel: Channel

        public func makeAsyncIterator() -> Iterator { Iterator(channel: channel) }

        /// Receives one frame per step.
        public struct Iterator: AsyncIteratorProtocol {
            let channel: Channel

            public mutating func next() async throws -> Frame? {
                do {
                    return try await channel.receive()
                } catch where error.code == .closed {
                    return nil
                }
            }
        }
    }
}
