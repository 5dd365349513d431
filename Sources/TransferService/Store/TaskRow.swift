import TransferWire
import Foundation
import GRDB

/// A task as the store keeps it: the snapshot clients see, plus where its bytes are.
package struct TaskRow: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    package static let databaseTableName = "task"
    /// Dates are stored as seconds since 1970, as the columns are declared (`DOUBLE`).
    ///
    /// GRDB's default stores text made by a `DateFormatter`, and its first use opens ICU's
    /// calendar and locale data: about 4 MB of the service's resident memory, measured
    /// (docs/BENCHMARKS.md, "Background transfers"). Rows written as text by earlier
    /// versions still decode: GRDB reads a date from text or from a number.
    package static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .timeIntervalSince1970
    }

    package var id: Int64?
    package var application: String
    package var creator: String
    package var sessionIdentifier: String
    package var sharedContainerIdentifier: String
    package var taskIdentifier: Int
    /// The request (JSON).
    package var request: TransferTaskDescription
    package var state: TransferTaskSnapshot.State
    package var bytesSent: Int64 = 0
    package var bytesExpectedToSend: Int64 = 0
    package var bytesReceived: Int64 = 0
    package var bytesExpectedToReceive: Int64 = -1
    package var attempts: Int = 0
    package var nextAttempt: Date?
    package var statusCode: Int?
    package var failure: TransferFailure?
    /// An upload's body in the spool.
    package var bodyFile: String?
    /// A download's bytes so far.
    package var partialFile: String?
    /// The download's `ETag` (or `Last-Modified`), sent as `If-Range` when it resumes.
    package var validator: String?
    package var created: Date
    package var finished: Date?

    package mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// What clients see.
    package var snapshot: TransferTaskSnapshot {
        TransferTaskSnapshot(id: id ?? 0, application: application, creator: creator, sessionIdentifier: sessionIdentifier,
                             sharedContainerIdentifier: sharedContainerIdentifier, description: request, state: state,
                             bytesSent: bytesSent, bytesExpectedToSend: bytesExpectedToSend, bytesReceived: bytesReceived,
                             bytesExpectedToReceive: bytesExpectedToReceive, attempts: attempts, nextAttempt: nextAttempt,
                             statusCode: statusCode, failure: failure, created: created, finished: finished)
    }
}

/// An event as the store keeps it.
struct EventRow: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "event"

    var id: Int64?
    var taskID: Int64
    var application: String
    var sessionIdentifier: String
    var payload: TransferEvent
    var delivered: Bool

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
