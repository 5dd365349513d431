import SystemSupport

/// An error from the AppGroups module: a stable ``Code`` and a message that names the
/// offending value.
public struct AppGroupError: SimpleAppexError, Hashable {
    /// What kind of error this is; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name, such as `not-a-member`.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// An app-group identifier that does not start with `group.` or is not a plain name.
        public static let invalidGroupIdentifier = Code("invalid-group-identifier")
        /// The process is not entitled to the app group it asked for.
        public static let notAMember = Code("not-a-member")
        /// `APPEX_APP_GROUP_CONTAINERS` is not a JSON object of group identifiers to absolute paths.
        public static let invalidEnvironment = Code("invalid-environment")
        /// A suite name that cannot name a file.
        public static let invalidSuiteName = Code("invalid-suite-name")
        /// A value that has no property-list form.
        public static let notAPropertyList = Code("not-a-property-list")
        /// The SQLite store failed (I/O, a full disk, a damaged file).
        public static let storage = Code("storage")
        /// Another connection held the SQLite store's write lock past the busy timeout:
        /// the same write may succeed when tried again.
        public static let busy = Code("busy")
        /// A file could not be created, copied, renamed or removed.
        public static let fileSystem = Code("file-system")
        /// A path in the group container is a symbolic link, which the module never follows
        /// (any member of the group, an extension, could have put it there).
        public static let symbolicLink = Code("symbolic-link")
        /// Another consumer took a share over after this consumer's lease expired.
        public static let leaseLost = Code("lease-lost")
    }

    /// What kind of error this is.
    public var code: Code
    /// A message naming the offending value.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}

extension AppGroupError {
    /// A lock that could not be taken, as ``Code/fileSystem``.
    init(_ error: FileLockError) {
        self.init(.fileSystem, error.message)
    }
}
