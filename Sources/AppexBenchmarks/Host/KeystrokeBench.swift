import AppExtensions
import ExtensionHost
import Foundation

/// One keystroke on a compose sheet: the host sends the edited text, the extension runs
/// `isContentValid()` and answers with the new state. Each of `count` edits is timed on
/// its own (median and p99), against a ping of the same extension process over the same
/// channel (an empty message the runtime answers without running extension code),
/// alternated with the edits so that both see the same machine.
struct KeystrokeBench {
    /// The installed fixture.
    let fixture: HostFixture
    /// Whether the extension runs under bubblewrap.
    let sandboxed: Bool
    /// Edits (and pings) timed.
    let count: Int

    /// Per-edit and per-ping latencies in nanoseconds, each sorted; empty when the sheet
    /// never came or the run ended early.
    func run() async -> (edits: [UInt64], pings: [UInt64]) {
        let host = fixture.host(behavior: "compose", sandboxed: sandboxed)
        return await host.withSession(fixture.installed, items: [ExtensionItem()]) { session in
            guard await session.composeSheet() != nil else { return ([], []) }
            var edits: [UInt64] = []
            var pings: [UInt64] = []
            edits.reserveCapacity(count)
            pings.reserveCapacity(count)
            for index in 0..<count {
                var start = MonotonicClock.now()
                guard await session.ping() else { return ([], []) }
                pings.append(MonotonicClock.now() - start)
                let text = String(repeating: "a", count: index % 12)
                start = MonotonicClock.now()
                guard await session.send(.textEdited(text)) != nil else { return ([], []) }
                edits.append(MonotonicClock.now() - start)
            }
            _ = await session.send(.cancel)
            return (edits.sorted(), pings.sorted())
        }
    }

    /// The value at quantile `q` of sorted `values`.
    static func quantile(_ values: [UInt64], _ q: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        return Double(values[min(values.count - 1, Int((Double(values.count) * q).rounded(.down)))])
    }
}
