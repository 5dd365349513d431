/// A lint finding's stable code: `area.name`, never renamed once published.
///
/// Every code Appex reports is a constant carrying its default severity and summary
/// (``LintCode/activationWrongType``, …; `LintCode+Catalog.swift`), listed in ``LintCode/all``
/// and explained in docs/LINT.md. There is no way to make a code from a string literal, so a
/// misspelt code does not compile. ``init(rawValue:)`` is for decoding: it finds the constant
/// with that name, or keeps an unknown name with severity `warning` and no summary.
public struct LintCode: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The code's stable name, such as `activation.wrong-type`.
    public let rawValue: String
    /// The severity the finding has unless a rule decides otherwise.
    public let defaultSeverity: LintDiagnostic.Severity
    /// What the code checks, in one line (empty for a code Appex does not know).
    public let summary: String

    /// The code named `rawValue`: the constant of that name, or an unknown code.
    public init(rawValue: String) {
        self = Self.byRawValue[rawValue] ?? LintCode(rawValue, .warning, "")
    }

    /// A code with its severity and summary; only the constants use it.
    init(_ rawValue: String, _ defaultSeverity: LintDiagnostic.Severity, _ summary: String) {
        self.rawValue = rawValue
        self.defaultSeverity = defaultSeverity
        self.summary = summary
    }

    public var description: String { rawValue }

    /// Codes are equal when their names are.
    public static func == (a: LintCode, b: LintCode) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }

    /// The constants by name, for ``init(rawValue:)``.
    private static let byRawValue: [String: LintCode] =
        Dictionary(all.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
}
