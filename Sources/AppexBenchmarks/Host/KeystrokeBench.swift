import AppExtensions
import ExtensionHost
import ExtensionIPC
import Foundation

/// One keystroke on a compose sheet: the host sends the edited text, the extension runs
/// `isContentValid()` and answers with the new state. Each of `count` edits is timed on
/// its own (median and p99), against a ping of an empty frame over a channel pair in this
/// process, echoed by a task, in the same run.
struct KeystrokeBench {
    /// The installed fixture.
    let fixture: HostFixture
    /// Whether the extension runs under bubblewrap.
    let sandboxed: Bool
    /// Edits (and pings) timed.
    let count: Int

    /// Per-edit latencies in nanoseconds, sorted; empty when the sheet never came.
    func edits() async -> [UInt64] {
        let host = fixture.host(behavior: "compose", sandboxed: sandboxed)
        return await host.withSession(fixture.installed, items: [ExtensionItem()]) { session in
            guard await session.composeSheet() != nil else { return [] }
            var latencies: [UInt64] = []
            latencies.reserveCapacity(count)
            for index in 0..<count {
                let text = String(repeating: "a", count: index % 12)
                let start = MonotonicClock.now()
                guard await session.send(.textEdited(text)) != nil else { return [] }
                latencies.append(MonotonicClock.now() - start)
            }
            _ = await session.send(.cancel)
            return latencies.sorted()
        }
    }

    /// Round trips of an empty frame between two channels of this process, sorted.
    func pings() async throws -> [UInt64] {
        let (near, far) = try Channel.makePair()
        let echo = Task {
            while let frame = try? await far.receive() { try? await far.send(frame) }
        }
        defer {
            near.close()
            far.close()
            echo.cancel()
        }
        var latencies: [UInt64] = []
        for _ in 0..<count {
            let start = MonotonicClock.now()
            try await near.send(Frame())
            _ = try await near.receive()
            latencies.append(MonotonicClock.now() - start)
        }
        return latencies.sorted()
    }

    /// The value at quantile `q` of sorted `values`.
    static func quantile(_ values: [UInt64], _ q: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        return Double(values[min(values.count - 1, Int((Double(values.count) * q).rounded(.down)))])
    }
}
