import ExtensionIPC
import Foundation
import PropertyLists

extension WireMessage {
    /// The message as one frame: its kind, the message as a binary property list, and
    /// its descriptors.
    package func frame() throws(WireProtocolError) -> Frame {
        do {
            switch self {
            case .hello(let m): return try Self.frame(.hello, m)
            case .beginRequest(let m): return try Self.frame(.beginRequest, m)
            case .loadRequest(let m): return try Self.frame(.loadRequest, m)
            case .loadReply(let m, let fds): return try Self.frame(.loadReply, m, fds)
            case .completeRequest(let m, let fds): return try Self.frame(.completeRequest, m, fds)
            case .completeAcknowledgement(let m): return try Self.frame(.completeAcknowledgement, m)
            case .cancelRequest(let m): return try Self.frame(.cancelRequest, m)
            case .openURL(let m): return try Self.frame(.openURL, m)
            case .openURLReply(let m): return try Self.frame(.openURLReply, m)
            case .hostState(let m): return try Self.frame(.hostState, m)
            case .misuse(let m): return try Self.frame(.misuse, m)
            case .composeUpdate(let m): return try Self.frame(.composeUpdate, m)
            case .composeEvent(let m): return try Self.frame(.composeEvent, m)
            case .interfacePost(let m): return try Self.frame(.interfacePost, m)
            case .interfaceEvent(let m): return try Self.frame(.interfaceEvent, m)
            case .viewUpdate(let m): return try Self.frame(.viewUpdate, m)
            case .viewAction(let m): return try Self.frame(.viewAction, m)
            case .textDocument(let m): return try Self.frame(.textDocument, m)
            case .widgetState(let m): return try Self.frame(.widgetState, m)
            case .widgetUpdate(let m): return try Self.frame(.widgetUpdate, m)
            case .widgetDisplayMode(let m): return try Self.frame(.widgetDisplayMode, m)
            case .widgetTap(let m): return try Self.frame(.widgetTap, m)
            case .editQuery(let m): return try Self.frame(.editQuery, m)
            case .editQueryReply(let m): return try Self.frame(.editQueryReply, m)
            case .editBegin(let m, let fds): return try Self.frame(.editBegin, m, fds)
            case .editReady(let m): return try Self.frame(.editReady, m)
            case .editEnd(let m): return try Self.frame(.editEnd, m)
            case .editResult(let m, let fds): return try Self.frame(.editResult, m, fds)
            case .fileProviderCall(let m, let fds): return try Self.frame(.fileProviderCall, m, fds)
            case .fileProviderReply(let m, let fds): return try Self.frame(.fileProviderReply, m, fds)
            case .fileProviderSignal(let m): return try Self.frame(.fileProviderSignal, m)
            case .ping(let m): return try Self.frame(.ping, m)
            case .pong(let m): return try Self.frame(.pong, m)
            }
        } catch let error as WireProtocolError {
            throw error
        } catch {
            throw WireProtocolError(.encoding, "cannot encode the \(name) message: \(error)")
        }
    }

    /// Reads a frame as a message.
    ///
    /// The payload is first checked by Appex's own property-list reader (binary only,
    /// depth and size limits), so a hostile peer's garbage is an error, never a crash;
    /// only then does ``PropertyListNodeDecoder`` map that tree onto the message type.
    package init(_ frame: Frame, limits: PropertyListLimits = .default) throws(WireProtocolError) {
        let root: PropertyListNode
        do {
            root = try frame.propertyListValue(limits: limits)
        } catch {
            throw WireProtocolError(.malformed, "a \(Self.names[frame.kind.rawValue] ?? "\(frame.kind)") frame's payload is not a valid binary property list: \(error.message)")
        }
        let kind = frame.kind
        let fds = frame.descriptors
        do {
            switch kind {
            case .hello: self = .hello(try Self.decode(root))
            case .beginRequest: self = .beginRequest(try Self.decode(root))
            case .loadRequest: self = .loadRequest(try Self.decode(root))
            case .loadReply: self = .loadReply(try Self.decode(root), descriptors: fds)
            case .completeRequest: self = .completeRequest(try Self.decode(root), descriptors: fds)
            case .completeAcknowledgement: self = .completeAcknowledgement(try Self.decode(root))
            case .cancelRequest: self = .cancelRequest(try Self.decode(root))
            case .openURL: self = .openURL(try Self.decode(root))
            case .openURLReply: self = .openURLReply(try Self.decode(root))
            case .hostState: self = .hostState(try Self.decode(root))
            case .misuse: self = .misuse(try Self.decode(root))
            case .composeUpdate: self = .composeUpdate(try Self.decode(root))
            case .composeEvent: self = .composeEvent(try Self.decode(root))
            case .interfacePost: self = .interfacePost(try Self.decode(root))
            case .interfaceEvent: self = .interfaceEvent(try Self.decode(root))
            case .viewUpdate: self = .viewUpdate(try Self.decode(root))
            case .viewAction: self = .viewAction(try Self.decode(root))
            case .textDocument: self = .textDocument(try Self.decode(root))
            case .widgetState: self = .widgetState(try Self.decode(root))
            case .widgetUpdate: self = .widgetUpdate(try Self.decode(root))
            case .widgetDisplayMode: self = .widgetDisplayMode(try Self.decode(root))
            case .widgetTap: self = .widgetTap(try Self.decode(root))
            case .editQuery: self = .editQuery(try Self.decode(root))
            case .editQueryReply: self = .editQueryReply(try Self.decode(root))
            case .editBegin: self = .editBegin(try Self.decode(root), descriptors: fds)
            case .editReady: self = .editReady(try Self.decode(root))
            case .editEnd: self = .editEnd(try Self.decode(root))
            case .editResult: self = .editResult(try Self.decode(root), descriptors: fds)
            case .fileProviderCall: self = .fileProviderCall(try Self.decode(root), descriptors: fds)
            case .fileProviderReply: self = .fileProviderReply(try Self.decode(root), descriptors: fds)
            case .fileProviderSignal: self = .fileProviderSignal(try Self.decode(root))
            case .ping: self = .ping(try Self.decode(root))
            case .pong: self = .pong(try Self.decode(root))
            default:
                throw WireProtocolError(.unknownKind, "frame kind \(kind.rawValue) is not a message of protocol version \(WireProtocol.version)")
            }
        } catch let error as WireProtocolError {
            throw error
        } catch {
            throw WireProtocolError(.malformed, "a \(Self.names[kind.rawValue] ?? "\(kind)") frame does not hold that message: \(Self.describe(error))")
        }
        if !fds.isEmpty, !kind.carriesDescriptors {
            fds.forEach { $0.close() }
            throw WireProtocolError(.malformed, "a \(name) message carried \(fds.count) descriptor(s); it carries none")
        }
    }

    private static func frame<M: Encodable>(_ kind: Frame.Kind, _ message: M,
                                            _ descriptors: [OwnedFileDescriptor] = []) throws -> Frame {
        // Appex's own tree and writer: Foundation's encoder costs a new process 0.75 ms.
        let tree = try PropertyListNodeEncoder().encode(message)
        return Frame(kind: kind, payload: try tree.binaryData(), descriptors: descriptors)
    }

    /// The message from the tree the frame's payload was already parsed into.
    private static func decode<M: Decodable>(_ root: PropertyListNode) throws -> M {
        try PropertyListNodeDecoder().decode(M.self, from: root)
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing \(path(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "the message" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}

extension Frame.Kind {
    /// Whether messages of this kind may carry descriptors.
    var carriesDescriptors: Bool { self == .loadReply || self == .completeRequest || self == .editBegin || self == .editResult
        || self == .fileProviderCall || self == .fileProviderReply }
}
