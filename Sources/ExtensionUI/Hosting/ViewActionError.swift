import SystemSupport

/// Why a ``ViewAction`` could not be applied: the snapshot it was made from is out of date,
/// or it names something that cannot take it.
public struct ViewActionError: SimpleAppexError, Hashable {
    /// What kind of problem this is; extensible.
    public struct Code: ErrorCode {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// No alert is presented.
        public static let noAlert = Code("no-alert")
        /// The alert has no action or field at that index.
        public static let noSuchAction = Code("no-such-action")
        /// No element has that identifier now.
        public static let noSuchElement = Code("no-such-element")
        /// The element cannot take that action (a tap on a label).
        public static let wrongKind = Code("wrong-kind")
        /// The element or action is disabled.
        public static let disabled = Code("disabled")
        /// An alert is shown: the view behind it waits until one of its actions is chosen.
        public static let alertShown = Code("alert-shown")
        /// A pressed key went down the whole responder chain: the app gets it.
        public static let notHandled = Code("not-handled")
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
