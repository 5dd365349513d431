/// What calling `ExtensionPreprocessingJS.finalize(arguments)` in the page gave.
public struct FinalizeOutcome: Sendable {
    /// How the call ended; extensible.
    public struct Status: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The status's stable name, such as `finalized`.
        public let rawValue: String
        /// Creates a status from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }
        init(_ rawValue: String) { self.rawValue = rawValue }

        /// `finalize` ran and returned (its promise, if any, fulfilled).
        public static let finalized = Status("finalized")
        /// The file defines no `finalize` function.
        public static let noFinalizeFunction = Status("no-finalize-function")
        /// `finalize` threw (or its promise was rejected).
        public static let threw = Status("threw")
        /// `finalize`'s promise did not settle within the time limit, or the page did not
        /// return at all.
        public static let timedOut = Status("timed-out")
        /// The page could not run it.
        public static let failed = Status("failed")

        /// The stable name.
        public var description: String { rawValue }
    }

    /// The extension whose `finalize` was called.
    public var extensionIdentifier: String
    /// How it ended.
    public var status: Status
    /// What went wrong, when something did.
    public var problem: String?

    /// An outcome.
    public init(extensionIdentifier: String, status: Status, problem: String? = nil) {
        self.extensionIdentifier = extensionIdentifier
        self.status = status
        self.problem = problem
    }
}
