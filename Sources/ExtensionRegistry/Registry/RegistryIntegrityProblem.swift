import SystemSupport

/// One way in which the registry's records and the home's files disagree.
///
/// ``ExtensionRegistry/checkIntegrity()`` returns these; an empty list means the database
/// is sound and every record has its files and every installed folder its record.
public struct RegistryIntegrityProblem: Hashable, Sendable, CustomStringConvertible {
    /// What kind of disagreement this is; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// SQLite's `PRAGMA integrity_check` or `foreign_key_check` found a fault.
        public static let database = Code("database")
        /// An installed app's folder or bundle is not on disk.
        public static let missingBundle = Code("missing-bundle")
        /// An installed app's bundle can no longer be read (a damaged Info.plist).
        public static let unreadableBundle = Code("unreadable-bundle")
        /// An extension has a record but is not in its app's installed bundle.
        public static let missingExtension = Code("missing-extension")
        /// An extension in an installed bundle has no record.
        public static let unrecordedExtension = Code("unrecorded-extension")
        /// A folder in `Applications/` that no installed app records.
        public static let strayFolder = Code("stray-folder")
        /// A scratch folder that an interrupted install or uninstall left behind (the next
        /// change of the registry removes it).
        public static let leftoverScratch = Code("leftover-scratch")
        /// The data container of an installed app or extension, or the container of an app
        /// group with members, is missing.
        public static let missingContainer = Code("missing-container")
    }

    /// What kind of disagreement this is.
    public var code: Code
    /// The identifier or file it concerns.
    public var subject: String
    /// What is wrong, naming the record and the path.
    public var message: String

    /// Creates a problem.
    public init(_ code: Code, subject: String, _ message: String) {
        self.code = code
        self.subject = subject
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}
