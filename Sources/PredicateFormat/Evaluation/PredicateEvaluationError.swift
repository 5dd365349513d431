import SystemSupport

/// Why a predicate or expression could not be evaluated, or a value could not be converted.
///
/// Comparisons themselves never fail on operand types: a comparison whose operands do not
/// fit the operator is simply false. Errors come from computations (arithmetic, functions,
/// collection operators), malformed arguments (a bad regular expression, a `BETWEEN` bound
/// that is not a two-element array), unbound variables, and limits.
public struct PredicateEvaluationError: SimpleAppexError, Hashable {
    /// The kind of problem; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name, such as `typeMismatch`.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A `MATCHES` pattern is not a valid ICU regular expression.
        public static let invalidRegularExpression = Code("invalidRegularExpression")
        /// An operand has a type the operation cannot use (arithmetic on a string, say).
        public static let typeMismatch = Code("typeMismatch")
        /// An ordering (`<`, `<=`, `>`, `>=`, `BETWEEN`) of a string with a number, which
        /// raises on Apple and GNUstep; an activation rule that raises offers nothing.
        public static let incomparable = Code("incomparable")
        /// A `$variable` has no binding.
        public static let undefinedVariable = Code("undefinedVariable")
        /// An argument has the right type but an unusable value (`BETWEEN` bounds, `/ 0`).
        public static let invalidArgument = Code("invalidArgument")
        /// The predicate uses something the evaluator does not implement (an unknown function).
        public static let unsupported = Code("unsupported")
        /// The predicate or a value is nested deeper than the evaluator allows.
        public static let tooDeep = Code("tooDeep")
        /// JSON or property-list data could not be read, or holds a value with no counterpart.
        public static let invalidData = Code("invalidData")
    }

    /// The kind of problem.
    public var code: Code
    /// A message naming the offending value and what was expected.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}

extension PredicateEvaluationError {
    /// Nesting beyond `maximumDepth` during evaluation (tree-walking or compiled).
    static func nestingTooDeep(_ maximumDepth: Int) -> PredicateEvaluationError {
        PredicateEvaluationError(.tooDeep, "the predicate nests deeper than \(maximumDepth) levels during evaluation")
    }

    /// `$name` bound neither by an enclosing `SUBQUERY` nor by the substitution variables.
    static func unboundVariable(_ name: String) -> PredicateEvaluationError {
        PredicateEvaluationError(.undefinedVariable,
            "$\(name) has no value; bind it with substitutionVariables or a SUBQUERY")
    }
}

extension PredicateEvaluationError {
    /// The error with the clause it arose in, as written canonically: `… (in age < "x")`.
    /// The innermost clause is named: an enclosing clause leaves a named error alone.
    func inClause(_ clause: String) -> PredicateEvaluationError {
        message.hasSuffix(")") && message.contains(" (in ") ? self : PredicateEvaluationError(code, "\(message) (in \(clause))")
    }
}

extension ComparisonPredicate {
    /// The comparison as a format string spells it canonically, for messages.
    var predicateFormat: String {
        var text = ""
        write(to: &text)
        return text
    }
}

extension ComparisonPredicate.Operator {
    /// Whether the operator orders its operands (and so can raise on a string and a number).
    var orders: Bool {
        switch self {
        case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo, .between: true
        default: false
        }
    }
}
