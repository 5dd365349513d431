import Foundation
import SystemSupport

/// A failed load: Apple's `NSItemProviderErrorDomain` with Apple's codes, and a message
/// that names the type identifiers involved.
///
/// ```swift
/// error.code        // .itemUnavailableError (-1000)
/// error.message     // "Cannot load representation of type public.jpeg; registered types: public.url"
/// (error as NSError).domain   // "NSItemProviderErrorDomain"
/// ```
public struct ItemProviderError: AppexError {
    /// Apple's error codes (`NSItemProviderErrorCode`); extensible.
    public struct Code: ErrorCode {
        /// Apple's raw value.
        public let rawValue: Int
        /// Creates a code from Apple's raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Apple's name and number, `itemUnavailableError (-1000)`; the number alone for other codes.
        public var description: String {
            switch self {
            case .unknownError: "unknownError (-1)"
            case .itemUnavailableError: "itemUnavailableError (-1000)"
            case .unexpectedValueClassError: "unexpectedValueClassError (-1100)"
            case .unavailableCoercionError: "unavailableCoercionError (-1200)"
            default: "\(rawValue)"
            }
        }

        /// Something failed that is not the data's fault (a temporary file could not be made).
        public static let unknownError = Code(-1)
        /// The data is not there: the type is not registered, the handler failed or timed out.
        public static let itemUnavailableError = Code(-1000)
        /// A coercion applied but the value did not fit (text that is not a URL, bytes that are not text).
        public static let unexpectedValueClassError = Code(-1100)
        /// No coercion exists from the registered value to what was asked for.
        public static let unavailableCoercionError = Code(-1200)
    }

    /// Apple's error domain, `"NSItemProviderErrorDomain"`.
    public static let domain = "NSItemProviderErrorDomain"

    /// Which failure this is.
    public var code: Code
    /// What failed, naming the type identifiers.
    public var message: String
    /// The error that caused this one (a handler's error, a file system error), if any.
    public var underlyingError: (any Error)?

    /// Creates an error.
    public init(code: Code, message: String, underlyingError: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.underlyingError = underlyingError
    }

    /// Creates an error; the same as ``init(code:message:underlyingError:)``.
    public init(_ code: Code, _ message: String, underlyingError: (any Error)? = nil) {
        self.init(code: code, message: message, underlyingError: underlyingError)
    }

    /// `<code>: <message>`, then the underlying error when there is one.
    public var description: String { "\(code): \(messageWithCause)" }

    /// The message, then the underlying error when there is one: what Apple's
    /// `localizedDescription` says.
    var messageWithCause: String {
        guard let underlyingError else { return message }
        return "\(message) (underlying error: \(underlyingError))"
    }

    /// The standard "not registered" error.
    package static func notRegistered(_ typeIdentifier: String, registered: [String]) -> Self {
        let list = registered.isEmpty ? "none" : registered.joined(separator: ", ")
        return Self(.itemUnavailableError,
                    "Cannot load representation of type \(typeIdentifier); registered types: \(list)")
    }
}

extension ItemProviderError: CustomNSError {
    public static var errorDomain: String { domain }
    public var errorCode: Int { code.rawValue }
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: message]
        if let underlyingError { info[NSUnderlyingErrorKey] = underlyingError as NSError }
        return info
    }
}

extension ItemProviderError: LocalizedError {
    public var errorDescription: String? { messageWithCause }
}
