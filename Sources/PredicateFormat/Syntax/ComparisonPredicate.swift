/// A comparison of two expressions (the counterpart of `NSComparisonPredicate`).
public struct ComparisonPredicate: Sendable, Hashable {
    /// How the left-hand side is quantified.
    public enum Modifier: Sendable, Hashable {
        /// No quantifier: the left-hand side is compared as one value.
        case direct
        /// `ANY` or `SOME`: true when the comparison holds for some element.
        case any
        /// `ALL`: true when the comparison holds for every element.
        case all
        /// `NONE`: true when the comparison holds for no element.
        case none
    }

    /// The comparison operator.
    public enum Operator: Sendable, Hashable {
        case lessThan, lessThanOrEqualTo, greaterThan, greaterThanOrEqualTo
        case equalTo, notEqualTo
        case matches, like, beginsWith, endsWith, contains
        case `in`, between
        /// `UTI-CONFORMS-TO`: the left type identifier conforms to the right one.
        case utiConformsTo
        /// `UTI-EQUALS`: the two type identifiers are equal (case-insensitively).
        case utiEquals
    }

    /// String comparison options: `[c]`, `[d]`, `[n]`.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `[c]`: case-insensitive.
        public static let caseInsensitive = Options(rawValue: 1)
        /// `[d]`: diacritic-insensitive.
        public static let diacriticInsensitive = Options(rawValue: 2)
        /// `[n]`: the strings are already normalized; compare them plainly.
        public static let normalized = Options(rawValue: 4)
    }

    /// The quantifier on the left-hand side.
    public var modifier: Modifier
    /// The operator.
    public var `operator`: Operator
    /// The string options.
    public var options: Options
    /// The left-hand expression.
    public var left: FormatExpression
    /// The right-hand expression.
    public var right: FormatExpression

    /// Creates a comparison.
    public init(
        _ left: FormatExpression,
        _ op: Operator,
        _ right: FormatExpression,
        modifier: Modifier = .direct,
        options: Options = []
    ) {
        self.left = left
        self.operator = op
        self.right = right
        self.modifier = modifier
        self.options = options
    }
}
