import Foundation
import Glibc
import PropertyLists
import Testing
@testable import ExtensionIPC

@Suite("Channel")
struct ChannelTests {
    @Test("frames round-trip, large ones included", arguments: [0, 1, 70_000, 3 << 20])
    func roundTrip(size: Int) throws {
        let (a, b) = try Channel.makePair()
        let payload = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        // A frame larger than the socket buffer needs a reader while it is written.
        let sender = Thread { try? a.send(Frame(kind: .data, flags: 5, payload: payload)) }
        sender.start()
        let frame = try b.receive(timeout: .seconds(30))
        #expect(frame.payload == payload)
        #expect(frame.flags == 5)
    }

    @Test("a descriptor passes through and the receiver reads from it")
    func descriptorPassing() throws {
        let (a, b) = try Channel.makePair()
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        let readEnd = OwnedFileDescriptor(taking: ends[0])
        let writeEnd = OwnedFileDescriptor(taking: ends[1])
        try a.send(Frame(payload: Data("pipe".utf8), descriptors: [readEnd]))
        readEnd.close()
        let message = Array("through the pipe".utf8)
        #expect(write(try #require(writeEnd.rawValue), message, message.count) == message.count)
        writeEnd.close()

        let frame = try b.receive(timeout: .seconds(10))
        let received = try #require(frame.descriptors.first)
        let fd = try #require(received.rawValue)
        #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(fd, &buffer, buffer.count)
        #expect(Array(buffer.prefix(max(count, 0))) == message)
    }

    @Test("descriptors stay with their frames across several frames")
    func descriptorsPerFrame() throws {
        let (a, b) = try Channel.makePair()
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let file = try OwnedFileDescriptor(taking: #require(null >= 0 ? null : nil))
        try a.send(Frame(payload: Data("none".utf8)))
        try a.send(Frame(payload: Data("two".utf8), descriptors: [file, file]))
        try a.send(Frame(payload: Data("one".utf8), descriptors: [file]))
        let counts = try (0..<3).map { _ in try b.receive(timeout: .seconds(10)).descriptors.count }
        #expect(counts == [0, 2, 1])
    }

    @Test("a peer that closes gives closed; one that closes mid-frame gives truncated")
    func closing() throws {
        let (a, b) = try Channel.makePair()
        a.close()
        #expect(throws: ChannelError.self) { try b.receive(timeout: .seconds(10)) }
        do {
            _ = try b.receive(timeout: .seconds(10))
        } catch {
            #expect(error.code == .closed)
        }

        let (raw, peer) = try Channel.makeSocketPair()
        let channel = try Channel(adopting: peer)
        let partial = Array("APXF".utf8) + [1, 0, 0, 0, 0, 0, 0, 9, 1, 2]
        #expect(write(try #require(raw.rawValue), partial, partial.count) == partial.count)
        raw.close()
        do {
            _ = try channel.receive(timeout: .seconds(10))
            Issue.record("expected truncated")
        } catch {
            #expect(error.code == .truncated)
        }
    }

    @Test("garbage from the peer gives bad magic")
    func garbage() throws {
        let (raw, peer) = try Channel.makeSocketPair()
        let channel = try Channel(adopting: peer)
        let junk = Array("\u{7f}ELF garbage".utf8)
        #expect(write(try #require(raw.rawValue), junk, junk.count) == junk.count)
        do {
            _ = try channel.receive(timeout: .seconds(10))
            Issue.record("expected bad magic")
        } catch {
            #expect(error.code == .badMagic)
            #expect(error.message.contains("7f 45 4c 46"))
        }
    }

    @Test("nothing to receive gives timed out")
    func timeout() throws {
        let (a, b) = try Channel.makePair()
        withExtendedLifetime(a) {
            do throws(ChannelError) {
                _ = try b.receive(timeout: .milliseconds(10))
                Issue.record("expected a timeout")
            } catch {
                #expect(error.code == .timedOut)
            }
        }
    }

    struct Flood: Sendable, CustomStringConvertible {
        let description: String
        let limits: ChannelLimits
        let payloadSize: Int
        let code: ChannelError.Code
    }

    @Test("a flooding peer is stopped", arguments: [
        Flood(description: "frames per second", limits: ChannelLimits(maxFramesPerSecond: 5), payloadSize: 1, code: .frameRateExceeded),
        Flood(description: "bytes per second", limits: ChannelLimits(maxBytesPerSecond: 1000), payloadSize: 400, code: .byteRateExceeded),
    ])
    func flood(_ flood: Flood) throws {
        let (a, b) = try Channel.makePair(limits: flood.limits)
        for _ in 0..<10 { try a.send(Frame(payload: Data(repeating: 1, count: flood.payloadSize))) }
        do {
            for _ in 0..<10 { _ = try b.receive(timeout: .seconds(10)) }
            Issue.record("expected \(flood.code)")
        } catch {
            #expect(error.code == flood.code)
        }
    }

    @Test("property-list payloads round-trip; text and damaged payloads are refused")
    func propertyLists() throws {
        let (a, b) = try Channel.makePair()
        let value = PropertyListNode(entries: ["name": "Notes", "count": 3, "tags": ["a", "b"]])
        try a.send(try .propertyList(value))
        let frame = try b.receive(timeout: .seconds(10))
        #expect(try frame.propertyListValue() == value)

        let xml = Frame(payload: Data("<?xml version=\"1.0\"?><plist version=\"1.0\"><true/></plist>".utf8))
        #expect(throws: ChannelError.self) { _ = try xml.propertyListValue() }
        #expect(throws: ChannelError.self) { _ = try Frame(payload: Data("bplist00xx".utf8)).propertyListValue() }
    }

    @Test("the async sequence yields frames and ends when the peer closes")
    func asyncFrames() async throws {
        let (a, b) = try Channel.makePair()
        for index in 0..<3 { try a.send(Frame(payload: Data([UInt8(index)]))) }
        a.close()
        var payloads: [Data] = []
        for try await frame in b.frames { payloads.append(frame.payload) }
        #expect(payloads == [Data([0]), Data([1]), Data([2])])
    }
}
