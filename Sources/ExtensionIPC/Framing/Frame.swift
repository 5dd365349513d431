import Foundation

/// One message on a ``Channel``: a kind, flags, payload bytes and attached descriptors.
///
/// The channel gives frames no meaning beyond their bytes; the layer above (the share's
/// begin, load and complete messages) assigns kinds and encodes payloads, usually as binary
/// property lists (see ``Frame/propertyList(kind:_:)``).
package struct Frame: Sendable {
    /// What a frame is about: a byte whose values the layer above defines.
    package struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// The byte carried in the header.
        package let rawValue: UInt8
        /// Creates a kind from its header byte.
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The kind as a number.
        package var description: String { "kind \(rawValue)" }

        /// Opaque bytes.
        package static let data = Kind(rawValue: 0)
        /// A binary property list.
        package static let propertyList = Kind(rawValue: 1)
    }

    /// What the frame is about.
    package var kind: Kind
    /// Eight bits the layer above may use; the channel carries them unchanged.
    package var flags: UInt8
    /// The payload, at most ``ChannelLimits/maxFrameSize`` bytes.
    package var payload: Data
    /// Descriptors attached to the frame. Received ones belong to the receiver; sending
    /// passes copies and leaves these open.
    package var descriptors: [OwnedFileDescriptor]

    /// Creates a frame.
    package init(kind: Kind = .data, flags: UInt8 = 0, payload: Data = Data(),
                descriptors: [OwnedFileDescriptor] = []) {
        self.kind = kind
        self.flags = flags
        self.payload = payload
        self.descriptors = descriptors
    }
}
