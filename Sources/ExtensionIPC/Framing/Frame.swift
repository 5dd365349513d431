import Foundation

/// One message on a ``Channel``: a kind, flags, payload bytes and attached descriptors.
///
/// The channel gives frames no meaning beyond their bytes; the layer above (the share's
/// begin, load and complete messages) assigns kinds and encodes payloads, usually as binary
/// property lists (see ``Frame/propertyList(kind:_:)``).
public struct Frame: Sendable {
    /// What a frame is about: a byte whose values the layer above defines.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// The byte carried in the header.
        public let rawValue: UInt8
        /// Creates a kind from its header byte.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The kind as a number.
        public var description: String { "kind \(rawValue)" }

        /// Opaque bytes.
        public static let data = Kind(rawValue: 0)
        /// A binary property list.
        public static let propertyList = Kind(rawValue: 1)
    }

    /// What the frame is about.
    public var kind: Kind
    /// Eight bits the layer above may use; the channel carries them unchanged.
    public var flags: UInt8
    /// The payload, at most ``ChannelLimits/maxFrameSize`` bytes.
    public var payload: Data
    /// Descriptors attached to the frame. Received ones belong to the receiver; sending
    /// passes copies and leaves these open.
    public var descriptors: [OwnedFileDescriptor]

    /// Creates a frame.
    public init(kind: Kind = .data, flags: UInt8 = 0, payload: Data = Data(),
                descriptors: [OwnedFileDescriptor] = []) {
        self.kind = kind
        self.flags = flags
        self.payload = payload
        self.descriptors = descriptors
    }
}
