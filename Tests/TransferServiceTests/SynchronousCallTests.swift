import BackgroundTransfers
import Foundation
import Glibc
import Synchronization
import Testing

/// TRANSFERS.md, "Apple's synchronous calls never starve": creating a session waits on the
/// calling thread for the service's reply, which is read on the process's event loop, so
/// such calls may fill every thread of Swift's shared pool at once.
@Suite("Background transfers: synchronous calls from every pool thread")
struct SynchronousCallTests {
    @Test("Sessions created from four times as many tasks as the pool has threads, all at once: every one is answered")
    func everyThreadWaits() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        _ = try await fixture.conditions()
        let pid = try fixture.servicePID()
        let token = try fixture.grant(ServiceFixture.application)
        // Should the calls starve, nothing on the pool runs again: a thread of the test's own
        // kills the service after 60 s, which ends every wait (and fails the test), unless
        // told through the pipe that the calls were answered.
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let fired = Mutex(false)
        Thread.detachNewThread { [reader = ends[0]] in
            var ready = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
            if poll(&ready, 1, 60_000) == 0 {
                fired.withLock { $0 = true }
                kill(pid, SIGKILL)
            }
        }
        let callers = ProcessInfo.processInfo.activeProcessorCount * 4
        let recorders = (0..<callers).map { _ in Recorder() }
        await withTaskGroup(of: Void.self) { group in
            for (index, recorder) in recorders.enumerated() {
                group.addTask {
                    // URLSession's initializer waits for the service's reply on this thread.
                    let session = fixture.session("com.example.notes.sync\(index)", token: token, delegate: recorder)
                    session.finishTasksAndInvalidate()
                }
            }
        }
        _ = write(ends[1], "x", 1)
        #expect(!fired.withLock { $0 }, "the synchronous calls starved: the watchdog ended them after 60 s")
        // Each opening was answered: the session was invalidated by its owner, never refused.
        for recorder in recorders {
            let error = try await recorder.next { call -> URLError?? in
                if case .invalid(let error) = call { return .some(error) }
                return nil
            }
            #expect(error?.errorCode != -997 && error?.errorCode != -1, "\(String(describing: error))")
        }
    }
}
