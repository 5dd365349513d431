/// An ``AppexError`` that is its code and its message alone, so both initializer forms come
/// from the one it declares: `init(_:_:)`, and `init(code:message:)` from this protocol.
///
/// ```swift
/// throw PayloadError(.invalidItem, "'' is not a type identifier")
/// throw PayloadError(code: .invalidItem, message: "'' is not a type identifier")
/// ```
public protocol SimpleAppexError: AppexError {
    /// Creates an error from its code and its message.
    init(_ code: Code, _ message: String)
}

extension SimpleAppexError {
    /// Creates an error from its code and its message; the same as ``init(_:_:)``.
    public init(code: Code, message: String) {
        self.init(code, message)
    }
}
