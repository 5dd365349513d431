import Foundation
import Synchronization
import TransferWire

/// The service's conditions (``TransferServiceCondition``), kept where the accept loop and
/// the coordinator both report them, and written to the service's log (its standard error,
/// `Transfers/service.log`) when one starts, and when it ends.
package final class ServiceHealth: Sendable {
    private let conditions = Mutex<[String: TransferServiceCondition]>([:])
    /// Yields every condition each time one is reported or ends: the service tells its
    /// followers. Reports come at most once per back-off (10 ms and up), and when the
    /// forwarding falls behind only the newest list waits.
    package let changes: AsyncStream<[TransferServiceCondition]>
    private let changeSink: AsyncStream<[TransferServiceCondition]>.Continuation

    package init() {
        (changes, changeSink) = AsyncStream.makeStream(of: [TransferServiceCondition].self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Records that condition `code` holds now; the first report of a streak is logged.
    package func report(_ code: String, _ message: String) {
        let now = Date()
        let started = conditions.withLock { conditions -> Bool in
            if var condition = conditions[code], condition.ongoing {
                condition.message = message
                condition.last = now
                condition.occurrences += 1
                conditions[code] = condition
                return false
            }
            conditions[code] = TransferServiceCondition(code: code, message: message, since: now, last: now,
                                                        occurrences: 1, ongoing: true)
            return true
        }
        if started { Self.log("\(code): \(message)") }
        changeSink.yield(current)
    }

    /// Records that condition `code` no longer holds (it stays listed, as ended).
    package func clear(_ code: String) {
        let ended = conditions.withLock { conditions -> TransferServiceCondition? in
            guard var condition = conditions[code], condition.ongoing else { return nil }
            condition.ongoing = false
            conditions[code] = condition
            return condition
        }
        if let ended {
            Self.log("\(code) ended after \(ended.occurrences) time(s): \(ended.message)")
            changeSink.yield(current)
        }
    }

    /// Every condition seen since the service started, ongoing ones first.
    package var current: [TransferServiceCondition] {
        conditions.withLock { Array($0.values) }.sorted { ($0.ongoing ? 0 : 1, $0.code) < ($1.ongoing ? 0 : 1, $1.code) }
    }

    /// One line on standard error, with the time: `service.log` when the starter ran the
    /// service, the journal under systemd. A line of a few hundred bytes to a file: the one
    /// blocking write the service makes outside its thread pool, and only on a change.
    static func log(_ line: String) {
        let stamp = Date().formatted(.iso8601)
        do {
            try FileHandle.standardError.write(contentsOf: Data("\(stamp) appex-transfersd: \(line)\n".utf8))
        } catch {
            // Nowhere left to say it: the condition is still kept for `list` and `doctor`.
        }
    }
}
