import Foundation
import SystemSupport

/// Why a call to a file provider gave no answer (docs/STORAGE-PROVIDERS.md, "Errors").
public struct FileProviderCallError: AppexError, Hashable {
    /// What kind of problem this is; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name, such as `provider-error`.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The provider answered with an error of its own (``domain``, ``providerCode``).
        public static let providerError = Code("provider-error")
        /// The provider's process ended, or was ended, before it answered: it crashed,
        /// hung past the call's limit, broke the protocol or failed to start. The message
        /// says which.
        public static let providerEnded = Code("provider-ended")
    }

    public var code: Code
    public var message: String
    /// With ``Code/providerError``: the provider's error domain (`NSFileProviderErrorDomain`, …).
    public var domain: String?
    /// With ``Code/providerError``: the provider's error code in ``domain``.
    public var providerCode: Int?

    /// Creates an error.
    public init(code: Code, message: String, domain: String? = nil, providerCode: Int? = nil) {
        self.code = code
        self.message = message
        self.domain = domain
        self.providerCode = providerCode
    }

    /// Creates an error that is its code and message alone.
    public init(_ code: Code, _ message: String) {
        self.init(code: code, message: message)
    }
}
