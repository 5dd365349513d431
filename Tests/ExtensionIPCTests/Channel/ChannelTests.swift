import Foundation
import Glibc
import HostTestSupport
import Synchronization
import Testing
@testable import ExtensionIPC

@Suite("Channel")
struct ChannelTests {
    @Test("frames round-trip, large ones included", arguments: [0, 1, 70_000, 3 << 20])
    func roundTrip(size: Int) async throws {
        let (a, b) = try Channel.makePair()
        let payload = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        // A frame larger than the socket buffer suspends its sender until the reader reads.
        async let sent: Void = a.send(Frame(kind: .data, flags: 5, payload: payload))
        let frame = try await b.receive()
        try await sent
        #expect(frame.payload == payload)
        #expect(frame.flags == 5)
    }

    @Test("a descriptor passes through and the receiver reads from it")
    func descriptorPassing() async throws {
        let (a, b) = try Channel.makePair()
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        let readEnd = OwnedFileDescriptor(taking: ends[0])
        let writeEnd = OwnedFileDescriptor(taking: ends[1])
        try await a.send(Frame(payload: Data("pipe".utf8), descriptors: [readEnd]))
        readEnd.close()
        let message = Array("through the pipe".utf8)
        #expect(write(try #require(writeEnd.rawValue), message, message.count) == message.count)
        writeEnd.close()

        let frame = try await b.receive()
        let received = try #require(frame.descriptors.first)
        let fd = try #require(received.rawValue)
        #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(fd, &buffer, buffer.count)
        #expect(Array(buffer.prefix(max(count, 0))) == message)
    }

    @Test("descriptors stay with their frames across several frames")
    func descriptorsPerFrame() async throws {
        let (a, b) = try Channel.makePair()
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let file = try OwnedFileDescriptor(taking: #require(null >= 0 ? null : nil))
        try await a.send(Frame(payload: Data("none".utf8)))
        try await a.send(Frame(payload: Data("two".utf8), descriptors: [file, file]))
        try await a.send(Frame(payload: Data("one".utf8), descriptors: [file]))
        var counts: [Int] = []
        for _ in 0..<3 { counts.append(try await b.receive().descriptors.count) }
        #expect(counts == [0, 2, 1])
    }

    @Test("a peer that closes gives closed; one that closes mid-frame gives truncated")
    func closing() async throws {
        let (a, b) = try Channel.makePair()
        a.close()
        for _ in 0..<2 {
            do {
                _ = try await b.receive()
                Issue.record("expected closed")
            } catch {
                #expect(error.code == .closed)
            }
        }

        let (raw, peer) = try Channel.makeSocketPair()
        let channel = try Channel(adopting: peer)
        let partial = Array("APXF".utf8) + [1, 0, 0, 0, 0, 0, 0, 9, 1, 2]
        #expect(write(try #require(raw.rawValue), partial, partial.count) == partial.count)
        raw.close()
        do {
            _ = try await channel.receive()
            Issue.record("expected truncated")
        } catch {
            #expect(error.code == .truncated)
        }
    }

    @Test("shut down for receiving, a channel delivers what is queued and then its end without epoll's help")
    func shutdownWithoutRegistration() async throws {
        let (a, b) = try Channel.makePair()
        defer { a.close(); b.close() }
        // As if b's registration had been lost (the photo-library hang): nothing tells b
        // that its socket is readable.
        let registration = try #require(b.registration.withLock { $0 })
        b.loop.deregister(registration)
        try await a.send(Frame(kind: .data, flags: 0, payload: Data([7])))
        // The shutdown comes while the receive below waits (or before it: then it reads itself).
        b.loop.schedule(after: .milliseconds(50)) { b.shutdownReceiving() }
        let (frame, end) = try #require(await value(within: .seconds(60)) { () -> (Frame?, ChannelError.Code?) in
            let frame = try? await b.receive()
            do {
                _ = try await b.receive()
                return (frame, nil)
            } catch let error as ChannelError {
                return (frame, error.code)
            } catch {
                return (frame, nil)
            }
        }, "the receive never ended")
        #expect(frame?.payload == Data([7]))
        #expect(end == .closed)
    }

    @Test("garbage from the peer gives bad magic")
    func garbage() async throws {
        let (raw, peer) = try Channel.makeSocketPair()
        let channel = try Channel(adopting: peer)
        let junk = Array("\u{7f}ELF garbage".utf8)
        #expect(write(try #require(raw.rawValue), junk, junk.count) == junk.count)
        do {
            _ = try await channel.receive()
            Issue.record("expected bad magic")
        } catch {
            #expect(error.code == .badMagic)
            #expect(error.message.contains("7f 45 4c 46"))
        }
    }

    @Test("cancelling a waiting receive ends it with cancelled, and the channel still works")
    func cancelledReceive() async throws {
        let (a, b) = try Channel.makePair()
        let waiting = Task { try await b.receive() }
        waiting.cancel()
        let result = await waiting.result
        #expect(throws: ChannelError.self) { try result.get() }
        if case .failure(let error) = result { #expect((error as? ChannelError)?.code == .cancelled) }
        try await a.send(Frame(payload: Data("after".utf8)))
        #expect(try await b.receive().payload == Data("after".utf8))
    }

    @Test("a peer that does not read suspends the sender (backpressure); reading resumes it")
    func backpressure() async throws {
        let (a, b) = try Channel.makePair()
        let sent = Counter()
        let payload = Data(count: 256 << 10)
        let sender = Task {
            for _ in 0..<16 {
                try await a.send(Frame(payload: payload))
                sent.increment()
            }
        }
        // 4 MiB cannot fit the socket buffers (about 200 KiB): the sender stays suspended.
        try await Task.sleep(for: .milliseconds(100))
        let stalled = sent.value
        #expect(stalled < 16, "sent \(stalled) of 16 frames with nobody reading")
        for _ in 0..<16 { #expect(try await b.receive().payload.count == payload.count) }
        try await sender.value
        #expect(sent.value == 16)
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
    func flood(_ flood: Flood) async throws {
        let (a, b) = try Channel.makePair(limits: flood.limits)
        for _ in 0..<10 { try await a.send(Frame(payload: Data(repeating: 1, count: flood.payloadSize))) }
        do {
            for _ in 0..<10 { _ = try await b.receive() }
            Issue.record("expected \(flood.code)")
        } catch {
            #expect(error.code == flood.code)
        }
    }

    @Test("the async sequence yields frames and ends when the peer closes")
    func asyncFrames() async throws {
        let (a, b) = try Channel.makePair()
        for index in 0..<3 { try await a.send(Frame(payload: Data([UInt8(index)]))) }
        a.close()
        var payloads: [Data] = []
        for try await frame in b.frames { payloads.append(frame.payload) }
        #expect(payloads == [Data([0]), Data([1]), Data([2])])
    }
}

/// A count shared between a task and the test.
final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}
