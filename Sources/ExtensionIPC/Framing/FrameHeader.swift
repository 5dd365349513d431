/// The fixed 12-byte header in front of every frame's payload.
///
/// ```
/// offset  size  field
///      0     4  magic "APXF"
///      4     1  protocol version (1)
///      5     1  kind
///      6     1  flags
///      7     1  descriptor count (attached with SCM_RIGHTS to this frame's first byte)
///      8     4  payload length, unsigned big-endian
/// ```
struct FrameHeader: Hashable, Sendable {
    /// The header size in bytes.
    static let size = 12
    /// The four bytes every frame starts with.
    static let magic: [UInt8] = Array("APXF".utf8)
    /// The protocol version this implementation writes and reads.
    static let version: UInt8 = 1

    var kind: UInt8
    var flags: UInt8
    var descriptorCount: UInt8
    var payloadLength: UInt32

    /// The header's bytes.
    var bytes: [UInt8] {
        FrameHeader.magic + [FrameHeader.version, kind, flags, descriptorCount,
                             UInt8(truncatingIfNeeded: payloadLength >> 24),
                             UInt8(truncatingIfNeeded: payloadLength >> 16),
                             UInt8(truncatingIfNeeded: payloadLength >> 8),
                             UInt8(truncatingIfNeeded: payloadLength)]
    }

    /// Checks the first bytes of a header as they arrive: a wrong magic byte is reported as
    /// soon as it is seen, before the rest of the header.
    static func validatePrefix(_ bytes: ArraySlice<UInt8>) throws(ChannelError) {
        for (offset, byte) in zip(0..<magic.count, bytes) where byte != magic[offset] {
            let seen = bytes.prefix(magic.count).map { String(format: "%02x", $0) }.joined(separator: " ")
            throw ChannelError(code: .badMagic, message: "frame header starts with bytes \(seen), not the magic \"APXF\" (41 50 58 46)")
        }
        if bytes.count > 4, bytes[bytes.startIndex + 4] != version {
            let found = bytes[bytes.startIndex + 4]
            throw ChannelError(code: .unsupportedVersion, message: "frame header has protocol version \(found); this side speaks version \(version)")
        }
    }

    /// Reads a whole header from `bytes` (at least ``size`` of them) and checks it against
    /// `limits`.
    static func parse(_ bytes: ArraySlice<UInt8>, limits: ChannelLimits) throws(ChannelError) -> FrameHeader {
        try validatePrefix(bytes)
        let base = bytes.startIndex
        var length: UInt32 = 0
        for offset in 8..<12 { length = length << 8 | UInt32(bytes[base + offset]) }
        let header = FrameHeader(kind: bytes[base + 5], flags: bytes[base + 6],
                                 descriptorCount: bytes[base + 7], payloadLength: length)
        try header.check(against: limits)
        return header
    }

    /// Throws when the header asks for more than `limits` allow.
    func check(against limits: ChannelLimits) throws(ChannelError) {
        if UInt64(payloadLength) > UInt64(limits.maxFrameSize) {
            throw ChannelError(code: .frameTooLarge, message: "frame payload of \(payloadLength) bytes exceeds the limit of \(limits.maxFrameSize) bytes")
        }
        if Int(descriptorCount) > limits.maxDescriptorsPerFrame {
            throw ChannelError(code: .tooManyDescriptors, message: "frame carries \(descriptorCount) descriptors; the limit is \(limits.maxDescriptorsPerFrame)")
        }
    }
}
