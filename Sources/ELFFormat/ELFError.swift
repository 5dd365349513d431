import SystemSupport

/// Why an ELF file could not be read: what was wrong, the file and the byte offset.
public struct ELFError: SimpleAppexError, Hashable {
    /// What kind of problem this is; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The file cannot be opened or read.
        public static let unreadable = Code("unreadable")
        /// The file does not start with ELF's magic number.
        public static let notELF = Code("not-elf")
        /// A class, byte order or version ELF does not define.
        public static let unsupported = Code("unsupported")
        /// A header, table or string that runs past the end of the file or its section.
        public static let truncated = Code("truncated")
        /// A count, size or index that contradicts the rest of the file.
        public static let malformed = Code("malformed")
    }

    /// What kind of problem this is.
    public var code: Code
    /// What was wrong, naming the file and the offset.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
