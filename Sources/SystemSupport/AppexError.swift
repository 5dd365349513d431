/// The shape of Appex's errors: a stable, extensible ``code`` to branch on and a ``message``
/// that names the offending value, printed together as `<code>: <message>`.
///
/// ```swift
/// public struct PayloadError: AppexError, Hashable {
///     public struct Code: ErrorCode { … }
///     public var code: Code
///     public var message: String
///     public init(code: Code, message: String) { … }
/// }
///
/// "\(PayloadError(code: .invalidItem, message: "'' is not a type identifier"))"
/// // invalid-item: '' is not a type identifier
/// ```
///
/// An error may carry more (a position, a cause, lint findings) and may print more: the
/// compiler-style errors (`PropertyListError`, `PredicateSyntaxError`) print
/// `file:line:column: error: message`, the source line and a caret instead.
public protocol AppexError: Error, Sendable, CustomStringConvertible {
    /// The error's kind of code, usually a nested `Code` struct.
    associatedtype Code: ErrorCode

    /// What kind of error this is; stable, so callers and tests branch on it.
    var code: Code { get }

    /// What was wrong, naming the offending value (a file, a key, an identifier).
    var message: String { get }
}

extension AppexError {
    /// `<code>: <message>`.
    public var description: String { "\(code): \(message)" }
}
