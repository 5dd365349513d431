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

/// How far a download's file is written.
final class WrittenCounter: Sendable {
    private let position: Mutex<Int64>

    init(_ start: Int64) {
        position = Mutex(start)
    }

    func set(_ value: Int64) { position.withLock { $0 = value } }
    var value: Int64 { position.withLock { $0 } }
}

/// The download's validator (`ETag` or `Last-Modified`) from the newest response.
final class ValidatorBox: Sendable {
    private let current: Mutex<String?>

    init(_ value: String?) {
        current = Mutex(value)
    }

    func set(_ value: String?) { current.withLock { $0 = value } }
    var value: String? { current.withLock { $0 } }
}
