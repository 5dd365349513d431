/// Host → extension: are you there? The runtime answers at once with ``Pong``, from its
/// receive loop, without touching the extension's code: a round trip of the channel and
/// the runtime alone (the baseline the compose sheet's keystroke is measured against).
package struct Ping: Codable, Hashable, Sendable {
    /// Names the ping; the pong repeats it.
    package var sequence: Int

    /// Creates a ping.
    package init(sequence: Int) {
        self.sequence = sequence
    }
}

/// Extension → host: the answer to ``Ping``.
package struct Pong: Codable, Hashable, Sendable {
    /// The ping's ``Ping/sequence``.
    package var sequence: Int

    /// Creates the answer to `ping`.
    package init(answering ping: Ping) {
        sequence = ping.sequence
    }
}
