import Foundation

/// Turns a byte stream and the descriptors that arrived with it into frames.
///
/// Feed it whatever each read returned, in order (``append(_:descriptors:)``), then take
/// frames until ``nextFrame()`` returns `nil`. A frame split across reads waits for its
/// remaining bytes; several frames in one read come out one by one. Headers are checked as
/// soon as their bytes arrive, so a lying length fails before any payload is buffered.
/// After an error the decoder stays failed: the stream has lost its framing.
package struct FrameDecoder: Sendable {
    /// The limits headers are checked against.
    package let limits: ChannelLimits
    private var buffer: [UInt8] = []
    private var start = 0
    private var pendingDescriptors: [OwnedFileDescriptor] = []
    private var failure: ChannelError?

    /// The most descriptors waiting for their frames' headers before the peer is assumed to
    /// be lying about counts.
    static let maxPendingDescriptors = 253

    /// Creates a decoder that enforces `limits`.
    package init(limits: ChannelLimits = .default) {
        self.limits = limits
    }

    /// Whether part of a frame has arrived but not all of it.
    package var hasPartialFrame: Bool { buffer.count > start }

    /// Adds the bytes and descriptors of one read.
    package mutating func append(_ bytes: some Collection<UInt8>,
                                descriptors: [OwnedFileDescriptor] = []) throws(ChannelError) {
        if let failure { throw failure }
        pendingDescriptors += descriptors
        if pendingDescriptors.count > Self.maxPendingDescriptors {
            try fail(ChannelError(code: .tooManyDescriptors, message: "\(pendingDescriptors.count) descriptors arrived that no frame header claims"))
        }
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
        try checkHeaderPrefix()
    }

    /// The next complete frame, or `nil` when more bytes are needed.
    package mutating func nextFrame() throws(ChannelError) -> Frame? {
        if let failure { throw failure }
        let available = buffer.count - start
        guard available >= FrameHeader.size else { return nil }
        let header: FrameHeader
        do {
            header = try FrameHeader.parse(buffer[start..<start + FrameHeader.size], limits: limits)
        } catch {
            try fail(error)
        }
        let total = FrameHeader.size + Int(header.payloadLength)
        guard available >= total else { return nil }
        let count = Int(header.descriptorCount)
        guard pendingDescriptors.count >= count else {
            try fail(ChannelError(code: .missingDescriptors, message: "frame declares \(count) descriptors but \(pendingDescriptors.count) arrived with it"))
        }
        let payload = Data(buffer[start + FrameHeader.size..<start + total])
        let descriptors = Array(pendingDescriptors.prefix(count))
        pendingDescriptors.removeFirst(count)
        start += total
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            start = 0
        }
        try checkHeaderPrefix()
        return Frame(kind: Frame.Kind(rawValue: header.kind), flags: header.flags,
                     payload: payload, descriptors: descriptors)
    }

    // Checks the next header's bytes as far as they have arrived.
    private mutating func checkHeaderPrefix() throws(ChannelError) {
        let end = min(buffer.count, start + FrameHeader.size)
        do {
            try FrameHeader.validatePrefix(buffer[start..<end])
            if end - start == FrameHeader.size {
                _ = try FrameHeader.parse(buffer[start..<end], limits: limits)
            }
        } catch {
            try fail(error)
        }
    }

    private mutating func fail(_ error: ChannelError) throws(ChannelError) -> Never {
        failure = error
        buffer = []
        start = 0
        pendingDescriptors = []
        throw error
    }
}
