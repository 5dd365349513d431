import AppExtensions

/// What running an extension's preprocessing file in a page gave: its results, or why
/// the extension gets none.
public struct PreprocessingOutcome: Sendable {
    /// How the run ended; extensible.
    public struct Status: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The status's stable name, such as `delivered`.
        public let rawValue: String
        /// Creates a status from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }
        init(_ rawValue: String) { self.rawValue = rawValue }

        /// `completionFunction` was called with results that became a property list.
        public static let delivered = Status("delivered")
        /// The file, or `run`, threw.
        public static let threw = Status("threw")
        /// The file defines no `ExtensionPreprocessingJS` with a `run` function.
        public static let noRunFunction = Status("no-run-function")
        /// `completionFunction` was not called within the time limit.
        public static let notCompleted = Status("not-completed")
        /// The results cannot be a property list (a function, a cycle, a DOM node…) or are
        /// larger than the limit.
        public static let refused = Status("refused")
        /// The page's JavaScript did not return at all within the time limit (a script
        /// that never yields); it was stopped.
        public static let unresponsive = Status("unresponsive")
        /// The page could not run it (its renderer crashed, the browser went away).
        public static let failed = Status("failed")

        /// The stable name.
        public var description: String { rawValue }
    }

    /// The extension whose file ran.
    public var extensionIdentifier: String
    /// How it ended.
    public var status: Status
    /// The results (`completionFunction`'s object), when ``status`` is ``Status/delivered``.
    public var results: [String: ItemProviderValue]?
    /// Why there are no results, naming what was wrong (with a line and column for an
    /// exception in the file).
    public var problem: String?
    /// The size of the results as JSON, in bytes, when delivered.
    public var resultBytes: Int = 0
    /// From the start of the file's loading to the results.
    public var duration: Duration = .zero

    /// An outcome.
    public init(extensionIdentifier: String, status: Status, results: [String: ItemProviderValue]? = nil, problem: String? = nil) {
        self.extensionIdentifier = extensionIdentifier
        self.status = status
        self.results = results
        self.problem = problem
    }
}
