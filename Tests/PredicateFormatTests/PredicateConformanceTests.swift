import Foundation
import PredicateFormat
import Testing

/// Cases ported from other implementations' predicate test suites — swift-corelibs-foundation's
/// TestNSPredicate and TestNSCompoundPredicate, and GNUstep libs-base's Tests/base/NSPredicate —
/// as data: Fixtures/conformance/predicate-cases.json, each with its repository, file and
/// commit (the README beside it). docs/FIDELITY.md has the counts and the differences.
@Suite("Conformance: predicate suites")
struct PredicateConformanceTests {
    /// A value as the case file writes it: `{"dict": …}`, `{"array": …}`, `{"string": …}`,
    /// `{"int": …}`, `{"double": …}`, `{"bool": …}`, `{"null": true}`, `{"date": "ISO 8601"}`.
    indirect enum Tree: Decodable, Sendable {
        case value(PredicateValue)

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            if let entries = try container.decodeIfPresent([String: Tree].self, forKey: .dict) {
                self = .value(.dictionary(entries.mapValues(\.predicateValue)))
            } else if let items = try container.decodeIfPresent([Tree].self, forKey: .array) {
                self = .value(.array(items.map(\.predicateValue)))
            } else if let text = try container.decodeIfPresent(String.self, forKey: .string) {
                self = .value(.string(text))
            } else if let number = try container.decodeIfPresent(Int.self, forKey: .int) {
                self = .value(.integer(number))
            } else if let number = try container.decodeIfPresent(Double.self, forKey: .double) {
                self = .value(.double(number))
            } else if let flag = try container.decodeIfPresent(Bool.self, forKey: .bool) {
                self = .value(.bool(flag))
            } else if let text = try container.decodeIfPresent(String.self, forKey: .date),
                      let date = ISO8601DateFormatter().date(from: text) {
                self = .value(.date(date))
            } else {
                self = .value(.null)
            }
        }

        var predicateValue: PredicateValue {
            switch self { case .value(let value): value }
        }

        enum Key: String, CodingKey { case dict, array, string, int, double, bool, null, date }
    }

    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var suite: String
        var test: String
        var name: String
        var kind: String?
        var format: String?
        var object: Tree?
        var variables: [String: Tree]?
        var expect: String?
        var printed: String?
        var note: String?
        var testDescription: String { name }
    }

    /// The case file, read once; a file that is missing or does not decode fails `present()`.
    static let loaded = Result { () throws -> [Case] in
        guard let url = Bundle.module.url(forResource: "Fixtures/conformance/predicate-cases", withExtension: "json") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Fixtures/conformance/predicate-cases.json"])
        }
        return try JSONDecoder().decode([Case].self, from: Data(contentsOf: url))
    }

    /// The cases (none when the file could not be read, which `present()` reports).
    static let cases: [Case] = (try? loaded.get()) ?? []

    /// The cases that evaluate a format string to true, false, or an exception.
    static let evaluated: [Case] = cases.filter { $0.format != nil && $0.expect != nil && $0.kind != "expression" }

    /// The cases that check how a predicate prints: Appex prints its own canonical form
    /// (docs/FIDELITY.md), so the check is that the suite's printed form reads back as the
    /// same predicate.
    static let printed: [Case] = cases.filter { $0.format != nil && $0.printed != nil && notRepresentable[$0.name] == nil }

    /// Cases no format string can state, with why (docs/FIDELITY.md counts them).
    static let notRepresentable: [String: String] = [
        "gs-basic-print-after-substitution":
            "a key path named $single, made by %K: written in a format string, $single is a variable, which the substitution would replace",
    ]

    @Test("the cases left out as not representable are in the file")
    func notRepresentableCasesExist() {
        for name in Self.notRepresentable.keys { #expect(Self.cases.contains { $0.name == name }, "\(name)") }
    }

    @Test("each printed form the suites expect reads as the same predicate", arguments: printed)
    func printedForms(_ c: Case) throws {
        let format = try #require(c.format), printed = try #require(c.printed)
        if c.kind == "expression" {
            #expect(try FormatExpression(format: printed) == FormatExpression(format: format), "\(c.name): \(printed)")
        } else {
            #expect(try FormatPredicate(format: printed) == FormatPredicate(format: format), "\(c.name): \(printed)")
        }
    }

    @Test("the suites' cases are present")
    func present() throws {
        _ = try Self.loaded.get()
        #expect(Self.cases.count > 150, "\(Self.cases.count) cases")
        #expect(Set(Self.cases.map(\.suite)) == ["corelibs", "gnustep"])
        #expect(Self.evaluated.count > 120)
    }

    /// Where Appex differs on purpose (docs/FIDELITY.md), by case: what Appex does instead.
    enum Deliberate: Equatable {
        /// A function that only NSExpression's API names (`uppercase:`, `modulus:by:`): Apple's
        /// format-string grammar has no call form for it, and Appex's format language neither.
        case apiOnlyFunction
        /// An Objective-C method used as a key (`description` of an NSString): activation
        /// objects are property-list values, which have no such keys; the key is null.
        case objectiveCKey
    }

    static let deliberate: [String: Deliberate] = [
        "gs-fn-uppercase": .apiOnlyFunction, "gs-fn-lowercase": .apiOnlyFunction, "gs-fn-uppercase-keypath-arg": .apiOnlyFunction,
        "gs-fn-uppercase-const-arg": .apiOnlyFunction, "gs-arith-modulus": .apiOnlyFunction,
        "gs-basic-description-eq-Do-Do": .objectiveCKey,
    ]

    @Test("each case evaluates as the suite expects", arguments: evaluated)
    func evaluates(_ c: Case) throws {
        let format = try #require(c.format)
        switch Self.deliberate[c.name] {
        case .apiOnlyFunction:
            #expect(throws: PredicateSyntaxError.self, "\(c.name): not in the format grammar") { try FormatPredicate(format: format) }
            return
        case .objectiveCKey:
            let object = c.object?.predicateValue ?? .null
            #expect(try FormatPredicate(format: format).evaluate(with: object) == false, "\(c.name): the key is null here")
            return
        case nil:
            break
        }
        let object = c.object?.predicateValue ?? .null
        let variables = (c.variables ?? [:]).mapValues(\.predicateValue)
        let outcome = Result { () throws -> Bool in
            try FormatPredicate(format: format).evaluate(with: object, substitutionVariables: variables)
        }
        switch c.expect {
        case "raise":
            #expect(throws: (any Error).self, "\(c.name): \(format) must raise") { try outcome.get() }
        default:
            let expected = c.expect == "true"
            #expect(try outcome.get() == expected, "\(c.name) (\(c.test)): \(format)")
        }
    }
}
