import Foundation
import PredicateFormat
import Testing

/// printf-style format arguments: %@, %K, %d, %i, %f.
@Suite struct ParsingArgumentTests {
    typealias T = SyntaxTree

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let source: String
        let arguments: [PredicateValue]
        let expected: FormatPredicate
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "%@ string stays a string constant", source: "name == %@", arguments: [.string("a.b")],
             expected: T.compare(T.key("name"), .equalTo, T.string("a.b"))),
        Case(name: "%@ integer", source: "n == %@", arguments: [.integer(3)], expected: T.compare(T.key("n"), .equalTo, T.int(3))),
        Case(name: "%@ negative integer", source: "n == %@", arguments: [.integer(-3)],
             expected: T.compare(T.key("n"), .equalTo, T.int(-3))),
        Case(name: "%@ null", source: "n == %@", arguments: [.null], expected: T.compare(T.key("n"), .equalTo, .constant(.null))),
        Case(name: "%@ bool", source: "n == %@", arguments: [.bool(true)],
             expected: T.compare(T.key("n"), .equalTo, .constant(.bool(true)))),
        Case(name: "%@ date", source: "d > %@", arguments: [.date(Date(timeIntervalSinceReferenceDate: 7))],
             expected: T.compare(T.key("d"), .greaterThan, .constant(.date(Date(timeIntervalSinceReferenceDate: 7))))),
        Case(name: "%@ array becomes an array literal", source: "n IN %@", arguments: [.array([.integer(1), .string("x")])],
             expected: T.compare(T.key("n"), .in, .aggregate([T.int(1), T.string("x")]))),
        Case(name: "%K key path is split on dots", source: "%K == 1", arguments: [.string("a.b.@count")],
             expected: T.compare(T.key("a.b.@count"), .equalTo, T.int(1))),
        Case(name: "%K may be a reserved word", source: "%K == 1", arguments: [.string("size")],
             expected: T.compare(T.key("size"), .equalTo, T.int(1))),
        Case(name: "%K extended by a key", source: "%K.b == 1", arguments: [.string("a")],
             expected: T.compare(T.key("a.b"), .equalTo, T.int(1))),
        Case(name: "%d", source: "n == %d", arguments: [.integer(7)], expected: T.compare(T.key("n"), .equalTo, T.int(7))),
        Case(name: "%i", source: "n == %i", arguments: [.integer(7)], expected: T.compare(T.key("n"), .equalTo, T.int(7))),
        Case(name: "%ld", source: "n == %ld", arguments: [.integer(7)], expected: T.compare(T.key("n"), .equalTo, T.int(7))),
        Case(name: "%f", source: "n == %f", arguments: [.double(1.5)], expected: T.compare(T.key("n"), .equalTo, T.double(1.5))),
        Case(name: "%f given an integer", source: "n == %f", arguments: [.integer(2)],
             expected: T.compare(T.key("n"), .equalTo, T.double(2))),
        Case(name: "minus before an argument folds", source: "n == -%d", arguments: [.integer(2)],
             expected: T.compare(T.key("n"), .equalTo, T.int(-2))),
        Case(name: "arguments in order", source: "%K == %@ AND %K > %d",
             arguments: [.string("a"), .string("x"), .string("b"), .integer(1)],
             expected: T.and(T.compare(T.key("a"), .equalTo, T.string("x")), T.compare(T.key("b"), .greaterThan, T.int(1)))),
        Case(name: "specifiers inside quotes are literal", source: "a == '%@' AND b == %@", arguments: [.integer(1)],
             expected: T.and(T.compare(T.key("a"), .equalTo, T.string("%@")), T.compare(T.key("b"), .equalTo, T.int(1)))),
        Case(name: "%% inside quotes is literal", source: "a LIKE '50%%'", arguments: [],
             expected: T.compare(T.key("a"), .like, T.string("50%%"))),
        Case(name: "extra arguments are ignored", source: "a == %@", arguments: [.integer(1), .integer(2)],
             expected: T.compare(T.key("a"), .equalTo, T.int(1))),
    ]

    @Test("format arguments", arguments: cases)
    func substitutesArgument(_ testCase: Case) throws {
        #expect(try FormatPredicate(format: testCase.source, argumentArray: testCase.arguments) == testCase.expected)
    }

    @Test("the variadic initializer passes its arguments in order")
    func variadic() throws {
        let parsed = try FormatPredicate(format: "ANY %K UTI-CONFORMS-TO %@", .string("types"), .string("public.image"))
        #expect(parsed == T.compare(T.key("types"), .utiConformsTo, T.string("public.image"), .any))
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let name: String
        let source: String
        let arguments: [PredicateValue]
        let code: PredicateSyntaxError.Code
        let mentions: String
        var testDescription: String { name }
    }

    static let errors: [ErrorCase] = [
        ErrorCase(name: "too few arguments", source: "a == %@ AND b == %@", arguments: [.integer(1)],
                  code: .missingArgument, mentions: "specifier number 2 but only 1 argument was given"),
        ErrorCase(name: "%K given a number", source: "%K == 1", arguments: [.integer(4)],
                  code: .invalidArgument, mentions: "'%K' needs a key path string, got the integer 4"),
        ErrorCase(name: "%K given an empty part", source: "%K == 1", arguments: [.string("a..b")],
                  code: .invalidArgument, mentions: "\"a..b\""),
        ErrorCase(name: "%K given a part with spaces", source: "%K == 1", arguments: [.string("first name")],
                  code: .invalidArgument, mentions: "\"first name\" is not a key name"),
        ErrorCase(name: "%d given a string", source: "a == %d", arguments: [.string("1")],
                  code: .invalidArgument, mentions: "'%d' needs an integer, got the string \"1\""),
        ErrorCase(name: "%f given infinity", source: "a == %f", arguments: [.double(.infinity)],
                  code: .invalidArgument, mentions: "finite number"),
        ErrorCase(name: "%@ given NaN", source: "a == %@", arguments: [.double(.nan)],
                  code: .invalidArgument, mentions: "cannot hold"),
        ErrorCase(name: "%@ given a dictionary", source: "a == %@", arguments: [.dictionary(["k": .integer(1)])],
                  code: .unsupported, mentions: "a dictionary of 1 entries"),
        ErrorCase(name: "%@ given data", source: "a == %@", arguments: [.data(Data([1, 2]))],
                  code: .unsupported, mentions: "2 bytes of data"),
        ErrorCase(name: "%@ as a whole predicate", source: "%@", arguments: [.bool(true)],
                  code: .unexpectedEnd, mentions: "never for a whole predicate"),
        ErrorCase(name: "%@ as a predicate in AND", source: "%@ AND a == 1", arguments: [.bool(true)],
                  code: .unexpectedToken, mentions: "never for a whole predicate"),
    ]

    @Test("format argument errors", arguments: errors)
    func rejectsArgument(_ testCase: ErrorCase) throws {
        let error = try #require(throws: PredicateSyntaxError.self) {
            try FormatPredicate(format: testCase.source, argumentArray: testCase.arguments)
        }
        #expect(error.code == testCase.code, "\(error)")
        #expect(error.message.contains(testCase.mentions), "\(error)")
    }
}
