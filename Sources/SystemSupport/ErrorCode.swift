/// The nested `Code` of an ``AppexError``: a stable raw value (a kebab-case name such as
/// `not-found`, or Apple's number), extensible with static constants.
///
/// ```swift
/// public struct Code: ErrorCode {
///     /// The code's stable name, such as `not-found`.
///     public let rawValue: String
///     /// Creates a code from its stable name.
///     public init(rawValue: String) { self.rawValue = rawValue }
///
///     /// The path does not exist.
///     public static let notFound = Code("not-found")
/// }
/// ```
public protocol ErrorCode: Hashable, Sendable, CustomStringConvertible {
    /// The type of the stable value: `String` for Appex's codes, `Int` for Apple's.
    associatedtype RawValue: Hashable & Sendable

    /// The code's stable value.
    var rawValue: RawValue { get }

    /// Creates a code from its stable value.
    init(rawValue: RawValue)
}

extension ErrorCode {
    /// Creates a code from its stable value; the same as ``init(rawValue:)``.
    public init(_ rawValue: RawValue) {
        self.init(rawValue: rawValue)
    }

    /// The stable value, as text.
    public var description: String { "\(rawValue)" }
}
