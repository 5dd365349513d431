import SystemSupport

/// Why the web share sheet could not be shown.
public struct WebShareSheetError: AppexError {
    /// What went wrong.
    public struct Code: ErrorCode {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The loopback server did not start.
        public static let serverFailed = Code(rawValue: "server-failed")
        /// The page's clipboard did not take the text.
        public static let pasteboardFailed = Code(rawValue: "pasteboard-failed")
    }

    public let code: Code
    public let message: String

    /// An error with `code` and `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
