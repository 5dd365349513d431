import SystemSupport

/// A misuse of an ``ExtensionContext``: finishing a request twice, or opening a URL the
/// extension point does not allow.
public struct ExtensionContextError: SimpleAppexError, Hashable {
    /// What kind of problem this is; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name, such as `request-already-finished`.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// `completeRequest` or `cancelRequest` after the request was already completed or cancelled.
        public static let requestAlreadyFinished = Code("request-already-finished")
        /// `open(_:)` with a URL the extension point's policy refuses.
        public static let openURLRefused = Code("open-url-refused")
        /// A widget called its update's completion handler a second time.
        public static let updateAlreadyCompleted = Code("update-already-completed")
        /// A photo editor called its finish's completion handler a second time.
        public static let editingAlreadyFinished = Code("editing-already-finished")
    }

    /// What kind of problem this is.
    public var code: Code
    /// What was wrong, naming the call or URL.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
