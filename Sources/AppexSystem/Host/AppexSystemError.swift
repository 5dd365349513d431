import SystemSupport

/// Why the system could not set up a host or launch an app: a code and a message that names
/// the offending value.
package struct AppexSystemError: SimpleAppexError, Hashable {
    /// What kind of problem this is; extensible.
    package struct Code: ErrorCode {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// A setting from the environment that is not a value it can take.
        package static let badSetting = Code("bad-setting")
        /// An installed bundle changed since it was sealed at install: it will not start.
        package static let bundleModified = Code("bundle-modified")
    }

    package var code: Code
    package var message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
