import ExtensionIPC
import Foundation
import PropertyLists

extension Frame {
    /// A frame whose payload is `value` as a binary property list (`bplist00`).
    ///
    /// Throws ``ChannelError/Code/invalidPayload`` when the tree cannot be written (too deep).
    package static func propertyList(kind: Kind = .propertyList, flags: UInt8 = 0, _ value: PropertyListNode,
                                    descriptors: [OwnedFileDescriptor] = []) throws(ChannelError) -> Frame {
        do {
            return Frame(kind: kind, flags: flags, payload: try value.binaryData(), descriptors: descriptors)
        } catch {
            throw ChannelError(code: .invalidPayload, message: "cannot encode the payload as a binary property list: \(error.message)")
        }
    }

    /// The payload read as a binary property list, within `limits`.
    ///
    /// Throws ``ChannelError/Code/invalidPayload`` for anything else: damaged or over-limit
    /// binary data, and XML (a peer has no reason to send text, so it is refused).
    package func propertyListValue(limits: PropertyListLimits = .default) throws(ChannelError) -> PropertyListNode {
        let document: PropertyListDocument
        var strict = limits
        strict.readsLatin1ASCIIStrings = false  // Appex's own writer never sends one.
        do {
            document = try PropertyListDocument.parse(payload, fileName: "frame payload", limits: strict)
        } catch {
            throw ChannelError(code: .invalidPayload, message: "the \(kind) payload of \(payload.count) bytes is not a valid binary property list: \(error.message)")
        }
        guard document.format == .binary else {
            throw ChannelError(code: .invalidPayload, message: "the \(kind) payload is a \(document.format) property list; frames carry binary ones")
        }
        return document.root
    }
}
