import Synchronization

/// Bytes an upload has handed to the client so far, told to `report` as they add up.
final class SentCounter: Sendable {
    private let total = Mutex<Int64>(0)
    private let report: @Sendable (Int64) -> Void

    init(_ report: @escaping @Sendable (Int64) -> Void) {
        self.report = report
    }

    @Sendable func add(_ bytes: Int64) {
        report(total.withLock { total in
            total += bytes
            return total
        })
    }
}
