import SystemSupport

/// Why ``BundleBuilder`` could not make a bundle.
public struct BundleBuildError: SimpleAppexError, Hashable {
    /// What kind of problem this is; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The source or products folder does not exist.
        public static let notFound = Code("not-found")
        /// A bundle folder of the source without `Info.plist`.
        public static let missingInfoPlist = Code("missing-info-plist")
        /// An `Info.plist` or `Entitlements.plist` that cannot be parsed.
        public static let unreadablePropertyList = Code("unreadable-property-list")
        /// An `Info.plist` without a usable `CFBundleExecutable`.
        public static let missingExecutableKey = Code("missing-executable-key")
        /// `CFBundleExecutable` names a file the products folder does not have, or one that is not executable.
        public static let missingExecutable = Code("missing-executable")
        /// The output exists and replacing it was not asked for.
        public static let outputExists = Code("output-exists")
        /// The output path does not end in `.app`.
        public static let invalidOutput = Code("invalid-output")
        /// Copying or renaming failed.
        public static let fileSystem = Code("file-system")
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
