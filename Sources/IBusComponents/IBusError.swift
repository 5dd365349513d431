/// Why serving engines to IBus failed.
public struct IBusError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure; new kinds may be added.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's name, such as "connectionFailed".
        public var rawValue: String
        /// The code named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code's name.
        public var description: String { rawValue }

        /// No address was given, IBUS_ADDRESS is unset and no ibus-daemon's address file was found.
        public static let noAddress = Code(rawValue: "noAddress")
        /// The bus at the address could not be connected to.
        public static let connectionFailed = Code(rawValue: "connectionFailed")
        /// The component's XML did not parse as an IBus component.
        public static let invalidComponent = Code(rawValue: "invalidComponent")
        /// ibus-daemon refused RegisterComponent.
        public static let registrationFailed = Code(rawValue: "registrationFailed")
        /// The component's bus name could not be owned (another process has it).
        public static let nameNotAcquired = Code(rawValue: "nameNotAcquired")
    }

    /// The kind of failure.
    public var code: Code
    /// What failed, naming the offending value.
    public var message: String

    /// An error of kind `code`, described by `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The code and the message.
    public var description: String { "IBusError.\(code): \(message)" }
}
