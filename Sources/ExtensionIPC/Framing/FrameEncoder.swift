/// Turns a frame into the bytes that go on the wire.
package enum FrameEncoder {
    /// The header followed by the payload; the descriptors travel beside these bytes.
    ///
    /// Throws ``ChannelError/Code/frameTooLarge`` or ``ChannelError/Code/tooManyDescriptors``
    /// when the frame exceeds `limits`, so a sender learns before the receiver rejects it.
    package static func encode(_ frame: Frame, limits: ChannelLimits = .default) throws(ChannelError) -> [UInt8] {
        guard frame.payload.count <= limits.maxFrameSize, frame.payload.count <= Int(UInt32.max) else {
            throw ChannelError(code: .frameTooLarge, message: "frame payload of \(frame.payload.count) bytes exceeds the limit of \(limits.maxFrameSize) bytes")
        }
        guard frame.descriptors.count <= min(limits.maxDescriptorsPerFrame, 253) else {
            throw ChannelError(code: .tooManyDescriptors, message: "frame carries \(frame.descriptors.count) descriptors; the limit is \(min(limits.maxDescriptorsPerFrame, 253))")
        }
        let header = FrameHeader(kind: frame.kind.rawValue, flags: frame.flags,
                                 descriptorCount: UInt8(frame.descriptors.count),
                                 payloadLength: UInt32(frame.payload.count))
        var bytes = header.bytes
        bytes.reserveCapacity(FrameHeader.size + frame.payload.count)
        bytes.append(contentsOf: frame.payload)
        return bytes
    }
}
