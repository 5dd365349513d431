import ExtensionIPC
import Foundation

/// A message in a frame: JSON of `body`, with an id that pairs a request with its reply
/// (`0` for notices nobody asked for).
package struct TransferEnvelope<Body: Codable & Sendable>: Codable, Sendable {
    package var id: UInt64
    package var body: Body

    package init(id: UInt64, body: Body) {
        self.id = id
        self.body = body
    }

    /// The frame that carries it, with `descriptors` attached.
    package func frame(descriptors: [OwnedFileDescriptor] = []) throws -> Frame {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        return Frame(kind: .transfer, payload: try encoder.encode(self), descriptors: descriptors)
    }

    /// The message a frame carries; a frame of another kind or malformed JSON throws.
    package init(frame: Frame) throws(TransferFailure) {
        guard frame.kind == .transfer else {
            throw .badRequest("a frame of \(frame.kind) where a transfer message was expected")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        do {
            self = try decoder.decode(Self.self, from: frame.payload)
        } catch {
            throw .badRequest("a malformed transfer message: \(error)")
        }
    }
}

extension Frame.Kind {
    /// A JSON transfer message (``TransferEnvelope``).
    package static let transfer = Frame.Kind(rawValue: 2)
}
