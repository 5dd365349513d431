import Foundation
import PredicateFormat
import Testing

/// parse → print → parse gives an equal tree, and printing is a fixed point.
@Suite struct PrintingRoundTripTests {
    /// Every source from the parsing tables, plus extra awkward ones.
    static let sources: [String] = {
        var sources = ParsingComparisonTests.operators.map(\.source)
            + ParsingComparisonTests.options.map(\.source)
            + ParsingComparisonTests.quantifiers.map(\.source)
            + ParsingPrecedenceTests.compounds.map(\.source)
            + ParsingPrecedenceTests.groups.map(\.source)
            + PrintingCanonicalTests.predicates.map(\.source)
        sources += ParsingLiteralTests.literals.map { "x == \($0.source)" }
        sources += ParsingLiteralTests.escapes.map { "x == \($0.source)" }
        sources += ParsingExpressionTests.expressions.map { "\($0.source) == x" }
        sources += ParsingPrecedenceTests.arithmetic.map { "\($0.source) > x" }
        sources += PrintingCanonicalTests.expressions.map { "x == \($0.source)" }
        sources += [
            "a == -9223372036854775808 AND b == -(-9223372036854775808)",
            "a == -0.0 AND b == 0.0",
            "a == 1.7976931348623157e308 AND b == -2.2250738585072014e-308",
            "(-a).b == 1 AND (-(a)).b == 2",
            "NOT (NOT (a == 1)) OR NOT TRUEPREDICATE",
            "a == '\\u0001\\u001F\\u007F\\u2028'",
            "SUBQUERY(a, $and, $and.#or == 1).@count > 0",
            "a[-1] == {-1, -(1 + 2), -a}",
            "a == CAST(-1.5, 'NSDate')",
        ]
        return sources
    }()

    @Test("sources round-trip through the canonical form")
    func roundTripsSources() throws {
        for source in Self.sources {
            let parsed = try FormatPredicate(format: source)
            let canonical = parsed.predicateFormat
            let reparsed = try FormatPredicate(format: canonical)
            #expect(reparsed == parsed, "\(source) printed as \(canonical)")
            #expect(reparsed.predicateFormat == canonical, "\(source)")
        }
    }

    /// The values `%@` can take, each of which must print so that it parses back equal.
    static let argumentValues: [PredicateValue] = [
        .null, .bool(false), .integer(.min), .integer(.max), .double(-0.0), .double(.pi), .double(.leastNonzeroMagnitude),
        .double(.greatestFiniteMagnitude), .string("\"quoted\"\n\\"), .string("%@ $x #y"),
        .date(Date(timeIntervalSinceReferenceDate: 1e9 + 0.123)), .array([.integer(1), .array([.string("x")])]),
    ]

    @Test("argument values print back to equal constants", arguments: argumentValues)
    func roundTripsArgument(_ value: PredicateValue) throws {
        let parsed = try FormatPredicate(format: "a == %@", value)
        #expect(try FormatPredicate(format: parsed.predicateFormat) == parsed, "\(parsed.predicateFormat)")
    }

    /// Random format strings from the grammar, with random spellings and parentheses.
    struct SourceGenerator {
        var random: SeededGenerator

        mutating func pick(_ choices: [String]) -> String {
            choices.randomElement(using: &random) ?? ""
        }

        mutating func chance(_ percent: Int) -> Bool {
            Int.random(in: 0..<100, using: &random) < percent
        }

        mutating func predicate(_ depth: Int) -> String {
            let choice = depth <= 0 ? 0 : Int.random(in: 0..<7, using: &random)
            switch choice {
            case 1: return predicate(depth - 1) + " " + pick(["AND", "and", "&&"]) + " " + predicate(depth - 1)
            case 2: return predicate(depth - 1) + " " + pick(["OR", "or", "||"]) + " " + predicate(depth - 1)
            case 3: return pick(["NOT ", "not ", "!"]) + predicate(depth - 1)
            case 4: return "(" + predicate(depth - 1) + ")"
            case 5: return pick(["TRUEPREDICATE", "falsepredicate"])
            default:
                let quantifier = chance(20) ? pick(["ANY ", "SOME ", "ALL ", "NONE "]) : ""
                let op = pick(["==", "=", "!=", "<>", "<", "<=", "=<", ">", ">=", "=>", "IN", "CONTAINS", "BEGINSWITH",
                               "ENDSWITH", "LIKE", "MATCHES", "UTI-CONFORMS-TO", "uti-equals"])
                let options = chance(20) ? pick(["[c]", "[d]", "[cd]", "[n]", "[DC]"]) : ""
                return quantifier + expression(depth - 1) + " " + op + options + " " + expression(depth - 1)
            }
        }

        mutating func expression(_ depth: Int) -> String {
            let choice = depth <= 0 ? Int.random(in: 0..<6, using: &random) : Int.random(in: 0..<16, using: &random)
            switch choice {
            case 0: return pick(["a", "b.c", "#size", "x.@count", "@count", "SELF", "$v", "$v.d"])
            case 1: return pick(["0", "1", "-2", "2.5", "1e-3", "0x1F", "9223372036854775807", "-9223372036854775808"])
            case 2: return pick(["'s'", "\"t\"", "'a\\nb'", "\"\\u00e9\"", "TRUE", "no", "NULL"])
            case 3: return "a[" + pick(["FIRST", "LAST", "SIZE", "0"]) + "]"
            case 4: return "{}"
            case 5: return pick(["now()", "$w"])
            case 6: return expression(depth - 1) + " " + pick(["+", "-", "*", "/", "**"]) + " " + expression(depth - 1)
            case 7: return "-" + expression(depth - 1)
            case 8: return "(" + expression(depth - 1) + ")"
            case 9: return expression(depth - 1) + "." + pick(["k", "@sum", "#and"])
            case 10: return expression(depth - 1) + "[" + expression(depth - 1) + "]"
            case 11: return "{" + expression(depth - 1) + ", " + expression(depth - 1) + "}"
            case 12: return pick(["abs", "SUM", "max"]) + "(" + expression(depth - 1) + ")"
            case 13: return "SUBQUERY(" + expression(depth - 1) + ", $v, " + predicate(depth - 1) + ")" + pick(["", ".@count"])
            case 14: return expression(depth - 1) + " " + pick(["UNION", "intersect", "MINUS"]) + " " + expression(depth - 1)
            default: return "CAST(" + pick(["0", "-1.5", "1e9"]) + ", 'NSDate')"
            }
        }
    }

    @Test("random sentences of the grammar parse and round-trip")
    func roundTripsRandomSources() throws {
        var generator = SourceGenerator(random: SeededGenerator(seed: 2024))
        for _ in 0..<3_000 {
            let source = generator.predicate(5)
            let parsed = try FormatPredicate(format: source)
            let canonical = parsed.predicateFormat
            let reparsed = try FormatPredicate(format: canonical)
            #expect(reparsed == parsed, "\(source) printed as \(canonical)")
            #expect(reparsed.predicateFormat == canonical, "\(source)")
        }
    }
}
