/// Why an `APPEX_APP_GROUP_CONTAINERS` value could not be read; the message quotes the value.
///
/// The shape of Appex's errors (see docs/ARCHITECTURE.md, "Errors"), written out here because
/// DeviceLayout depends on Foundation only and so cannot adopt SystemSupport's `AppexError`.
public struct AppGroupContainersEnvironmentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem this is; extensible.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's stable name, such as `not-json`.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code's stable name.
        public var description: String { rawValue }

        /// The value is not JSON text.
        public static let notJSON = Code(rawValue: "not-json")
        /// The value is JSON but not an object.
        public static let notAnObject = Code(rawValue: "not-an-object")
        /// A group's container is not a string holding an absolute path.
        public static let invalidPath = Code(rawValue: "invalid-path")
    }

    /// What kind of problem this is.
    public var code: Code
    /// What was wrong, quoting the offending value.
    public var message: String

    /// Creates an error; only ``AppGroupContainersEnvironment/decode(_:)`` throws them.
    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `<code>: <message>`.
    public var description: String { "\(code): \(message)" }
}
