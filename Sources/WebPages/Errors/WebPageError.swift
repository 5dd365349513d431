import SystemSupport

/// Why a web page could not be opened, driven or preprocessed; the message names the
/// page, the browser or the extension's file.
///
/// ```swift
/// "\(WebPageError(.browserMissing, "no chromium on PATH"))"
/// // browser-missing: no chromium on PATH
/// ```
public struct WebPageError: SimpleAppexError, Hashable {
    /// What failed; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name, such as `browser-missing`.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// No Chromium was found (PATH, or the path given with `--browser`).
        public static let browserMissing = Code("browser-missing")
        /// Chromium could not be started, or ended while it was being driven.
        public static let browserFailed = Code("browser-failed")
        /// A DevTools command failed or broke the protocol; the message is Chromium's.
        public static let protocolError = Code("protocol-error")
        /// A DevTools command had no reply within its time.
        public static let timedOut = Code("timed-out")
        /// The page could not be loaded (`net::ERR_…`), or its address is not one to load.
        public static let loadFailed = Code("load-failed")
        /// An extension's preprocessing file is missing or unreadable.
        public static let scriptUnreadable = Code("script-unreadable")
        /// A file (the saved page, the screenshot) could not be written.
        public static let cannotWrite = Code("cannot-write")
    }

    /// What failed.
    public var code: Code
    /// What was wrong, naming the page, browser or file.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
