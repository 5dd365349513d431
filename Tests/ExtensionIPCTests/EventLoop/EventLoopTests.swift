import Foundation
import Glibc
import HostTestSupport
import Synchronization
import Testing
@testable import ExtensionIPC

/// The process's one loop: work from other threads, timers, registrations, and tasks that
/// run on it.
@Suite("EventLoop")
struct EventLoopTests {
    /// Values collected from the loop's thread.
    final class Log: Sendable {
        private let entries = Mutex<[String]>([])
        func append(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    @Test("timers fire in deadline order, whatever order they were scheduled in; a cancelled one never fires")
    func timers() async throws {
        let loop = try EventLoop.shared()
        let log = Log()
        let (done, finished) = AsyncStream.makeStream(of: Void.self)
        // Deadlines far apart: a test thread descheduled between two calls (a loaded
        // machine) must not reorder them.
        loop.schedule(after: .milliseconds(600)) { log.append("30"); finished.yield() }
        let cancelled = loop.schedule(after: .milliseconds(100)) { log.append("cancelled") }
        loop.schedule(after: .milliseconds(300)) { log.append("20") }
        loop.schedule(after: .milliseconds(5)) { log.append("5") }
        loop.cancel(cancelled)
        for await _ in done { break }
        #expect(log.all == ["5", "20", "30"])
    }

    @Test("work from another thread runs on the loop, in order")
    func execute() async throws {
        let loop = try EventLoop.shared()
        let log = Log()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                for index in 0..<100 { loop.execute { log.append("\(index)") } }
                loop.execute { continuation.resume() }
            }.start()
        }
        #expect(log.all == (0..<100).map(String.init))
    }

    @Test("a registered pipe's handler runs when it becomes readable, and not after deregistering")
    func registration() async throws {
        let loop = try EventLoop.shared()
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let (events, readable) = AsyncStream.makeStream(of: Int.self)
        let readEnd = ends[0]
        let registration = try loop.register(readEnd, interest: .read) { _ in
            var byte: UInt8 = 0
            readable.yield(read(readEnd, &byte, 1))
        }
        #expect(write(ends[1], "x", 1) == 1)
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == 1)
        loop.deregister(registration)
        #expect(write(ends[1], "y", 1) == 1)
        // The loop goes on serving others; the pipe's byte stays unread.
        await loop.sleep(for: .milliseconds(20))
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == 1 && byte == UInt8(ascii: "y"))
    }

    @Test("deregistering a descriptor closed too early leaves the watcher that now has its number alone")
    func deregisterAfterReuse() async throws {
        let loop = try EventLoop.shared()
        var first: [Int32] = [-1, -1], second: [Int32] = [-1, -1]
        #expect(pipe(&first) == 0 && pipe(&second) == 0)
        let number = first[0]
        let stale = try loop.register(number, interest: .read) { _ in }
        // The first pipe's read end closes while registered, and the second's takes its number:
        // dup2 does both at once, so no other test's descriptor can take the number between.
        #expect(dup2(second[0], number) == number)
        close(first[1])
        close(second[0])
        defer { close(number); close(second[1]) }
        let (events, readable) = AsyncStream.makeStream(of: Int.self)
        let current = try loop.register(number, interest: .read) { _ in
            var byte: UInt8 = 0
            readable.yield(read(number, &byte, 1))
        }
        defer { loop.deregister(current) }
        loop.deregister(stale)
        #expect(write(second[1], "x", 1) == 1)
        let count = await value(within: .seconds(60)) {
            var iterator = events.makeAsyncIterator()
            return await iterator.next()
        }
        #expect(count == 1, "the second pipe's handler never ran: its registration was removed with the stale one")
    }

    @Test("a task that prefers the loop runs on its thread; sleep returns early when cancelled")
    func executorAndSleep() async throws {
        let loop = try EventLoop.shared()
        let onLoop = await Task(executorPreference: loop) { pthread_self() }.value
        let loopThread = await withCheckedContinuation { continuation in loop.execute { continuation.resume(returning: pthread_self()) } }
        #expect(onLoop == loopThread)
        #expect(onLoop != pthread_self())
        let sleeper = Task { await loop.sleep(for: .seconds(600)) }
        sleeper.cancel()
        await sleeper.value
    }
}
