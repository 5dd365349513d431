import Foundation

/// Why a request or a task failed, with Apple's `NSURLErrorDomain` code where one fits.
package struct TransferFailure: Codable, Sendable, Equatable, Error {
    /// `NSURLErrorDomain`'s number (`-995`, `-996`, `-999`, `-1005`, …), or `-1` (unknown).
    package var urlErrorCode: Int
    /// Appex's own name for it (`not-entitled`, `session-in-use`, …): docs/TRANSFERS.md.
    package var code: String
    /// What went wrong, naming the value.
    package var message: String

    package init(urlErrorCode: Int, code: String, message: String) {
        self.urlErrorCode = urlErrorCode
        self.code = code
        self.message = message
    }
}

extension TransferFailure {
    /// NSURLErrorUnknown.
    package static let unknown = -1
    /// NSURLErrorCancelled.
    package static let cancelled = -999
    /// NSURLErrorBadURL.
    package static let badURL = -1000
    /// NSURLErrorTimedOut.
    package static let timedOut = -1001
    /// NSURLErrorUnsupportedURL.
    package static let unsupportedURL = -1002
    /// NSURLErrorCannotFindHost.
    package static let cannotFindHost = -1003
    /// NSURLErrorCannotConnectToHost.
    package static let cannotConnectToHost = -1004
    /// NSURLErrorNetworkConnectionLost.
    package static let networkConnectionLost = -1005
    /// NSURLErrorHTTPTooManyRedirects.
    package static let tooManyRedirects = -1007
    /// NSURLErrorFileDoesNotExist.
    package static let fileDoesNotExist = -1100
    /// NSURLErrorSecureConnectionFailed.
    package static let secureConnectionFailed = -1200
    /// NSURLErrorServerCertificateUntrusted.
    package static let serverCertificateUntrusted = -1202
    /// NSURLErrorCannotCreateFile.
    package static let cannotCreateFile = -3000
    /// NSURLErrorCannotWriteToFile.
    package static let cannotWriteToFile = -3003
    /// NSURLErrorBackgroundSessionRequiresSharedContainer.
    package static let requiresSharedContainer = -995
    /// NSURLErrorBackgroundSessionInUseByAnotherProcess.
    package static let sessionInUse = -996
    /// NSURLErrorBackgroundSessionWasDisconnected.
    package static let sessionDisconnected = -997

    /// A refusal of the caller (no grant, a group it is not entitled to): NSURLErrorUnknown
    /// with Appex's code `not-entitled`.
    package static func notEntitled(_ message: String) -> TransferFailure {
        TransferFailure(urlErrorCode: unknown, code: "not-entitled", message: message)
    }

    /// A request the service cannot take (malformed, out of order, over a limit).
    package static func badRequest(_ message: String) -> TransferFailure {
        TransferFailure(urlErrorCode: unknown, code: "bad-request", message: message)
    }
}
