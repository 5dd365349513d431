extension Channel {
    /// The frames this end receives, as an async sequence that ends when the peer closes
    /// between frames and throws any other ``ChannelError``. One consumer at a time.
    package var frames: Frames { Frames(channel: self) }

    /// The frames of a channel, as an async sequence.
    package struct Frames: AsyncSequence, Sendable {
        package typealias Element = Frame
        let channel: Channel

        package func makeAsyncIterator() -> Iterator { Iterator(channel: channel) }

        /// Receives one frame per step.
        package struct Iterator: AsyncIteratorProtocol {
            let channel: Channel

            package mutating func next() async throws -> Frame? {
                do {
                    return try await channel.receive()
                } catch where error.code == .closed {
                    return nil
                }
            }
        }
    }
}
