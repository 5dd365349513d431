import SystemSupport

/// Why the system's standard setup for a host could not be made: a code and a message that
/// names the offending value.
package struct SystemSetupError: SimpleAppexError, Hashable {
    /// What kind of problem this is; extensible.
    package struct Code: ErrorCode {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// A setting from the environment that is not a value it can take.
        package static let badSetting = Code("bad-setting")
    }

    package var code: Code
    package var message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
