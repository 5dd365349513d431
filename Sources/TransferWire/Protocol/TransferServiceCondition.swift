import Foundation

/// Something wrong with the service itself rather than with one task: accepting paused
/// because descriptors ran out, or the store refusing writes. `appex transfers list` and
/// `appex doctor` show the service's conditions (``TransferRequest/conditions``).
package struct TransferServiceCondition: Codable, Sendable, Equatable {
    /// Why accepting new clients paused: the process (`EMFILE`) or the system (`ENFILE`)
    /// has no descriptor left.
    package static let descriptorsExhausted = "descriptors-exhausted"
    /// Accepting a client failed for another reason the kernel gave (`ENOBUFS`, `ENOMEM`, …).
    package static let acceptFailed = "accept-failed"
    /// The store (`transfers.sqlite`) refused a write, even after the retries.
    package static let storeUnwritable = "store-unwritable"

    /// What kind of condition: ``descriptorsExhausted``, ``acceptFailed`` or ``storeUnwritable``.
    package var code: String
    /// What happened last, naming the file or the error.
    package var message: String
    /// When it was first seen, in this streak.
    package var since: Date
    /// When it was last seen.
    package var last: Date
    /// How many times it was seen in this streak.
    package var occurrences: Int
    /// Whether it still holds; an ended one stays listed with the time it was last seen.
    package var ongoing: Bool

    package init(code: String, message: String, since: Date, last: Date, occurrences: Int, ongoing: Bool) {
        self.code = code
        self.message = message
        self.since = since
        self.last = last
        self.occurrences = occurrences
        self.ongoing = ongoing
    }
}
