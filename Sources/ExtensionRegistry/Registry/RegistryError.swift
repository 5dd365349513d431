import ExtensionManifest
import SystemSupport

/// Why the registry refused a bundle or could not carry out a request.
public struct RegistryError: AppexError, Hashable {
    /// What kind of problem this is; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The path to install does not exist.
        public static let notFound = Code("not-found")
        /// The path is not an `.app` folder.
        public static let notAnApplication = Code("not-an-application")
        /// A property list in the bundle cannot be read, or a bundle has no Info.plist.
        public static let unreadableBundle = Code("unreadable-bundle")
        /// Lint found errors; ``RegistryError/diagnostics`` lists them.
        public static let validationFailed = Code("validation-failed")
        /// An app or extension whose `CFBundleExecutable` is not an executable file in its bundle.
        public static let missingExecutable = Code("missing-executable")
        /// A bundle or app-group identifier that cannot name a folder (empty, `/`, unexpanded variable).
        public static let invalidIdentifier = Code("invalid-identifier")
        /// An identifier that another installed app or extension already uses.
        public static let identifierInUse = Code("identifier-in-use")
        /// Two extensions of one app with the same identifier.
        public static let duplicateExtension = Code("duplicate-extension")
        /// No installed app has this identifier.
        public static let notInstalled = Code("not-installed")
        /// No installed extension has this identifier.
        public static let unknownExtension = Code("unknown-extension")
        /// Full access asked for an extension that is not a custom keyboard.
        public static let notAKeyboard = Code("not-a-keyboard")
        /// An order that names an extension twice.
        public static let invalidOrder = Code("invalid-order")
        /// A bundle that differs from the seal it carries (changed after `appex bundle`).
        public static let bundleModified = Code("bundle-modified")
        /// An app installed before Appex sealed bundles: there is no seal to check it against.
        public static let notSealed = Code("not-sealed")
        /// A file operation in the home failed.
        public static let fileSystem = Code("file-system")
        /// The SQLite registry failed (locked beyond the timeout, corrupt, full disk).
        public static let database = Code("database")
    }

    /// What kind of problem this is.
    public var code: Code
    /// What was wrong, naming the offending file, key or identifier.
    public var message: String
    /// The lint findings behind a ``Code/validationFailed`` refusal, errors only.
    public var diagnostics: [LintDiagnostic]

    /// Creates an error.
    public init(code: Code, message: String, diagnostics: [LintDiagnostic] = []) {
        self.code = code
        self.message = message
        self.diagnostics = diagnostics
    }

    /// Creates an error; the same as ``init(code:message:diagnostics:)``.
    public init(_ code: Code, _ message: String, diagnostics: [LintDiagnostic] = []) {
        self.init(code: code, message: message, diagnostics: diagnostics)
    }

    /// Whether the bundle was refused for what it is (exit status 1), as opposed to a request
    /// that could not be carried out (a missing path, an unknown identifier, a failed write).
    public var isRefusal: Bool {
        [.notAnApplication, .unreadableBundle, .validationFailed, .missingExecutable,
         .invalidIdentifier, .identifierInUse, .duplicateExtension, .bundleModified].contains(code)
    }

    /// `<code>: <message>`, then each diagnostic on its own line as a compiler prints it.
    public var description: String {
        (["\(code): \(message)"] + diagnostics.map(\.description)).joined(separator: "\n")
    }
}

extension RegistryError {
    /// The home's lock that could not be taken, as ``Code/fileSystem``.
    init(_ error: FileLockError) {
        self.init(.fileSystem, error.message)
    }
}
