import Foundation
import Testing
@testable import ExtensionIPC

@Suite("FrameDecoder")
struct FrameDecoderTests {
    static let frames: [Frame] = [
        Frame(kind: .data, payload: Data("hello".utf8)),
        Frame(kind: .propertyList, flags: 0x81, payload: Data()),
        Frame(kind: Frame.Kind(rawValue: 200), payload: Data((0..<300).map { UInt8($0 % 251) })),
    ]

    static func wire() throws -> [UInt8] {
        try frames.flatMap { try FrameEncoder.encode($0) }
    }

    static func decodeAll(_ chunks: [ArraySlice<UInt8>]) throws -> [Frame] {
        var decoder = FrameDecoder()
        var out: [Frame] = []
        for chunk in chunks {
            try decoder.append(chunk)
            while let frame = try decoder.nextFrame() { out.append(frame) }
        }
        #expect(!decoder.hasPartialFrame)
        return out
    }

    static func expectSame(_ decoded: [Frame]) {
        #expect(decoded.map(\.kind) == frames.map(\.kind))
        #expect(decoded.map(\.flags) == frames.map(\.flags))
        #expect(decoded.map(\.payload) == frames.map(\.payload))
    }

    @Test("several frames in one read")
    func merged() throws {
        let bytes = try Self.wire()
        Self.expectSame(try Self.decodeAll([bytes[...]]))
    }

    @Test("frames split at every chunk size", arguments: [1, 2, 5, 11, 12, 13, 64, 333])
    func split(chunkSize: Int) throws {
        let bytes = try Self.wire()
        let chunks = stride(from: 0, to: bytes.count, by: chunkSize).map { bytes[$0..<min($0 + chunkSize, bytes.count)] }
        Self.expectSame(try Self.decodeAll(chunks))
    }

    struct BadInput: Sendable, CustomStringConvertible {
        let description: String
        let bytes: [UInt8]
        let code: ChannelError.Code
    }

    static let badInputs: [BadInput] = [
        BadInput(description: "garbage", bytes: Array("GET / HTTP/1.1\r\n".utf8), code: .badMagic),
        BadInput(description: "wrong first byte only", bytes: [0x00], code: .badMagic),
        BadInput(description: "magic then wrong version", bytes: Array("APXF".utf8) + [9], code: .unsupportedVersion),
        BadInput(description: "4 GiB length", bytes: Array("APXF".utf8) + [1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff], code: .frameTooLarge),
        BadInput(description: "16 MiB + 1 length", bytes: Array("APXF".utf8) + [1, 0, 0, 0, 0x01, 0x00, 0x00, 0x01], code: .frameTooLarge),
        BadInput(description: "too many descriptors", bytes: Array("APXF".utf8) + [1, 0, 0, 17, 0, 0, 0, 1], code: .tooManyDescriptors),
        BadInput(description: "descriptors that never came", bytes: Array("APXF".utf8) + [1, 0, 0, 2, 0, 0, 0, 1, 0x41], code: .missingDescriptors),
    ]

    @Test("bad input gives a specific error", arguments: badInputs)
    func badInput(_ input: BadInput) {
        var decoder = FrameDecoder()
        #expect {
            try decoder.append(input.bytes)
            _ = try decoder.nextFrame()
        } throws: { error in
            (error as? ChannelError)?.code == input.code
        }
        // The decoder stays failed: the stream has lost its framing.
        #expect(throws: ChannelError.self) { _ = try decoder.nextFrame() }
    }

    @Test("the length limit is configurable")
    func configurableLimit() throws {
        let frame = Frame(payload: Data(repeating: 7, count: 100))
        let small = ChannelLimits(maxFrameSize: 99)
        #expect(throws: ChannelError(code: .frameTooLarge, message: "frame payload of 100 bytes exceeds the limit of 99 bytes")) {
            _ = try FrameEncoder.encode(frame, limits: small)
        }
        var decoder = FrameDecoder(limits: small)
        let bytes = try FrameEncoder.encode(frame)
        #expect(throws: ChannelError.self) { try decoder.append(bytes) }
    }

    @Test("the header is big-endian with the documented layout")
    func headerLayout() throws {
        let bytes = try FrameEncoder.encode(Frame(kind: Frame.Kind(rawValue: 7), flags: 3, payload: Data(repeating: 0, count: 258)))
        #expect(Array(bytes.prefix(12)) == [0x41, 0x50, 0x58, 0x46, 1, 7, 3, 0, 0, 0, 1, 2])
    }
}
