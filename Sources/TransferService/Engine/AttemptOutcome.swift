import TransferWire
import Foundation

/// How one attempt of a task ended.
enum AttemptOutcome: Sendable {
    /// A response to keep (2xx, 3xx, or a 4xx other than 429): the task is complete.
    case response(status: Int, headers: [HeaderField], body: Data)
    /// A response worth another attempt (5xx, 429), with the server's `Retry-After`.
    case retryableStatus(status: Int, headers: [HeaderField], body: Data, retryAfter: Duration?)
    /// The network failed (refused, reset, timed out): worth another attempt.
    case networkFailure(TransferFailure)
    /// Something no retry can mend (a bad URL, an untrusted certificate, the file is gone).
    case fatal(TransferFailure)
}
