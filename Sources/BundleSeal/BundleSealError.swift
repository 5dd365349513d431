import SystemSupport

/// Why a bundle could not be sealed or checked against its seal.
public struct BundleSealError: SimpleAppexError, Hashable {
    /// What kind of problem this is; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A file or folder of the bundle could not be read.
        public static let unreadable = Code("unreadable")
        /// The seal file itself is not a seal (damaged, or of another format).
        public static let invalidSeal = Code("invalid-seal")
        /// The seal file could not be written.
        public static let cannotWrite = Code("cannot-write")
    }

    /// What kind of problem this is.
    public var code: Code
    /// What was wrong, naming the file.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
