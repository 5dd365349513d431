import PredicateFormat
import Testing

/// AND, OR, NOT, parentheses and every precedence level (docs/ACTIVATION.md, ruling 1: OR, AND, NOT, comparison,
/// set operations, + -, * /, **, unary minus, postfix; loosest first).
@Suite struct ParsingPrecedenceTests {
    typealias T = SyntaxTree

    static let a = T.compare(T.key("a"), .equalTo, T.int(1))
    static let b = T.compare(T.key("b"), .equalTo, T.int(2))
    static let c = T.compare(T.key("c"), .equalTo, T.int(3))

    static let compounds: [PredicateCase] = [
        PredicateCase("AND", "a == 1 AND b == 2", T.and(a, b)),
        PredicateCase("&&", "a == 1 && b == 2", T.and(a, b)),
        PredicateCase("and lowercase", "a == 1 and b == 2", T.and(a, b)),
        PredicateCase("OR", "a == 1 OR b == 2", T.or(a, b)),
        PredicateCase("||", "a == 1 || b == 2", T.or(a, b)),
        PredicateCase("NOT", "NOT a == 1", T.not(a)),
        PredicateCase("!", "!a == 1", T.not(a)),
        PredicateCase("not lowercase with parentheses", "not (a == 1)", T.not(a)),
        PredicateCase("NOT NOT", "NOT NOT a == 1", T.not(T.not(a))),
        PredicateCase("AND chain is flat", "a == 1 AND b == 2 AND c == 3", T.and(a, b, c)),
        PredicateCase("OR chain is flat", "a == 1 OR b == 2 || c == 3", T.or(a, b, c)),
        PredicateCase("AND binds tighter than OR (right)", "a == 1 OR b == 2 AND c == 3", T.or(a, T.and(b, c))),
        PredicateCase("AND binds tighter than OR (left)", "a == 1 AND b == 2 OR c == 3", T.or(T.and(a, b), c)),
        PredicateCase("parentheses override", "a == 1 AND (b == 2 OR c == 3)", T.and(a, T.or(b, c))),
        PredicateCase("parenthesized AND inside AND stays nested", "(a == 1 AND b == 2) AND c == 3",
                      T.and(T.and(a, b), c)),
        PredicateCase("NOT binds tighter than AND", "NOT a == 1 AND b == 2", T.and(T.not(a), b)),
        PredicateCase("NOT of a group", "NOT (a == 1 OR b == 2)", T.not(T.or(a, b))),
        PredicateCase("redundant parentheses", "((a == 1))", a),
        PredicateCase("TRUEPREDICATE", "TRUEPREDICATE", .constant(true)),
        PredicateCase("FALSEPREDICATE", "FALSEPREDICATE", .constant(false)),
        PredicateCase("truepredicate lowercase", "truepredicate OR falsepredicate", T.or(.constant(true), .constant(false))),
        PredicateCase("newlines and tabs are whitespace", "a == 1\n\tAND\r\n b == 2", T.and(a, b)),
    ]

    @Test("AND, OR, NOT and their grouping", arguments: compounds)
    func parsesCompound(_ testCase: PredicateCase) throws {
        #expect(try FormatPredicate(format: testCase.source) == testCase.expected)
    }

    static let groups: [PredicateCase] = [
        PredicateCase("parenthesized expression on the left", "(a + b) > c",
                      T.compare(T.arithmetic(T.key("a"), .add, T.key("b")), .greaterThan, T.key("c"))),
        PredicateCase("parenthesized predicates", "(a > b) AND c > d",
                      T.and(T.compare(T.key("a"), .greaterThan, T.key("b")), T.compare(T.key("c"), .greaterThan, T.key("d")))),
        PredicateCase("doubly parenthesized expression", "((a + b)) * 2 > c",
                      T.compare(T.arithmetic(T.arithmetic(T.key("a"), .add, T.key("b")), .multiply, T.int(2)),
                                .greaterThan, T.key("c"))),
        PredicateCase("parenthesized key then postfix", "(a).b == 1", T.compare(T.key("a.b"), .equalTo, T.int(1))),
        PredicateCase("group holding a comparison with a grouped left side", "((a) == 1 OR b == 2)", T.or(a, b)),
        PredicateCase("group opening with a parenthesized predicate", "((a == 1) AND b == 2)", T.and(a, b)),
        PredicateCase("NOT of a parenthesized expression comparison", "NOT (a) == 1", T.not(a)),
    ]

    @Test("parentheses around predicates and around expressions", arguments: groups)
    func parsesGroup(_ testCase: PredicateCase) throws {
        #expect(try FormatPredicate(format: testCase.source) == testCase.expected)
    }

    static let arithmetic: [ExpressionCase] = [
        ExpressionCase("* binds tighter than +", "1 + 2 * 3",
                       T.arithmetic(T.int(1), .add, T.arithmetic(T.int(2), .multiply, T.int(3)))),
        ExpressionCase("/ binds tighter than -", "1 - 2 / 3",
                       T.arithmetic(T.int(1), .subtract, T.arithmetic(T.int(2), .divide, T.int(3)))),
        ExpressionCase("- is left-associative", "1 - 2 - 3",
                       T.arithmetic(T.arithmetic(T.int(1), .subtract, T.int(2)), .subtract, T.int(3))),
        ExpressionCase("/ is left-associative", "8 / 4 / 2",
                       T.arithmetic(T.arithmetic(T.int(8), .divide, T.int(4)), .divide, T.int(2))),
        ExpressionCase("** binds tighter than *", "2 * 3 ** 2",
                       T.arithmetic(T.int(2), .multiply, T.arithmetic(T.int(3), .power, T.int(2)))),
        ExpressionCase("** is right-associative", "2 ** 3 ** 2",
                       T.arithmetic(T.int(2), .power, T.arithmetic(T.int(3), .power, T.int(2)))),
        ExpressionCase("unary minus binds tighter than **", "-x ** 2",
                       T.arithmetic(.negate(T.key("x")), .power, T.int(2))),
        ExpressionCase("minus folds into a number", "-2 ** 2", T.arithmetic(T.int(-2), .power, T.int(2))),
        ExpressionCase("unary minus in an exponent", "2 ** -1", T.arithmetic(T.int(2), .power, T.int(-1))),
        ExpressionCase("postfix binds tighter than unary minus", "-a.b", .negate(T.key("a.b"))),
        ExpressionCase("minus of a group", "-(a + 1)", .negate(T.arithmetic(T.key("a"), .add, T.int(1)))),
        ExpressionCase("double minus", "--x", .negate(.negate(T.key("x")))),
        ExpressionCase("subtracting a negative", "a - -1", T.arithmetic(T.key("a"), .subtract, T.int(-1))),
        ExpressionCase("parentheses override", "(1 + 2) * 3",
                       T.arithmetic(T.arithmetic(T.int(1), .add, T.int(2)), .multiply, T.int(3))),
        ExpressionCase("set operations are looser than +", "a UNION b + c",
                       .setOperation(SetExpression(T.key("a"), .union, T.arithmetic(T.key("b"), .add, T.key("c"))))),
        ExpressionCase("set operations are left-associative", "a UNION b INTERSECT c MINUS d",
                       .setOperation(SetExpression(
                           .setOperation(SetExpression(.setOperation(SetExpression(T.key("a"), .union, T.key("b"))),
                                                       .intersect, T.key("c"))),
                           .minus, T.key("d")))),
    ]

    @Test("arithmetic and set-operation precedence", arguments: arithmetic)
    func parsesArithmetic(_ testCase: ExpressionCase) throws {
        #expect(try FormatExpression(format: testCase.source) == testCase.expected)
    }

    @Test("arithmetic binds tighter than comparison")
    func arithmeticInsideComparison() throws {
        let parsed = try FormatPredicate(format: "a + 1 < b * 2")
        #expect(parsed == T.compare(T.arithmetic(T.key("a"), .add, T.int(1)), .lessThan,
                                    T.arithmetic(T.key("b"), .multiply, T.int(2))))
    }
}
