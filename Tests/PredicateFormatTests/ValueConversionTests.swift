import Foundation
import Testing
import PredicateFormat

/// JSON, property-list and `Any` conversion into `PredicateValue`, literals, and deep input.
@Suite struct ValueConversionTests {
    struct JSONCase: CustomTestStringConvertible, Sendable {
        let json: String
        let expected: PredicateValue
        var testDescription: String { json }
    }

    static let jsonCases: [JSONCase] = [
        .init(json: "true", expected: true),
        .init(json: "false", expected: false),
        .init(json: "1", expected: 1),
        .init(json: "0", expected: 0),
        .init(json: "-3", expected: -3),
        .init(json: "1.5", expected: 1.5),
        .init(json: "1e3", expected: 1000.0),
        .init(json: "12345678901234", expected: 12345678901234),
        .init(json: "null", expected: nil),
        .init(json: "\"s\"", expected: "s"),
        .init(json: "[true, 1, 0, false, 1.0]", expected: [true, 1, 0, false, 1.0]),
        .init(json: "{\"a\": {\"b\": [1, null]}}", expected: ["a": ["b": [1, nil]]]),
        .init(json: "{\"extensionItems\": [{\"attachments\": [{\"registeredTypeIdentifiers\": [\"public.jpeg\"]}]}]}",
              expected: ["extensionItems": [["attachments": [["registeredTypeIdentifiers": ["public.jpeg"]]]]]]),
    ]

    @Test(arguments: jsonCases)
    func json(_ c: JSONCase) throws {
        #expect(try PredicateValue(json: c.json) == c.expected)
    }

    @Test func jsonBooleansAreNotNumbers() throws {
        let v = try PredicateValue(json: "[true, 1]")
        guard case .array(let a) = v else {
            Issue.record("not an array: \(v)")
            return
        }
        #expect(a == [.bool(true), .integer(1)])
    }

    @Test(arguments: ["{", "[1,", "nope", ""])
    func malformedJSON(_ text: String) {
        #expect {
            try PredicateValue(json: text)
        } throws: { ($0 as? PredicateEvaluationError)?.code == .invalidData }
    }

    @Test(arguments: [600, 10_000])
    func deepJSONIsRejected(_ depth: Int) {
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect {
            try PredicateValue(json: text)
        } throws: { ($0 as? PredicateEvaluationError)?.code == .tooDeep }
    }

    @Test func deepAnyIsRejected() {
        var object: Any = 1
        for _ in 0..<600 { object = [object] }
        #expect {
            try PredicateValue(any: object)
        } throws: { ($0 as? PredicateEvaluationError)?.code == .tooDeep }
    }

    @Test func jsonWithinTheDepthLimit() throws {
        let text = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        _ = try PredicateValue(json: text)
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func propertyList(_ format: PropertyListSerialization.PropertyListFormat) throws {
        let date = Date(timeIntervalSinceReferenceDate: 1000)
        let plist: [String: Any] = ["b": true, "i": 3, "d": 2.5, "s": "x", "dt": date, "da": Data([1, 2]),
                                    "a": [false, 0]]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0)
        let value = try PredicateValue(propertyList: data)
        #expect(value == ["b": true, "i": 3, "d": 2.5, "s": "x", "dt": .date(date), "da": .data(Data([1, 2])),
                          "a": [false, 0]])
    }

    @Test func notAPropertyList() {
        #expect {
            try PredicateValue(propertyList: Data("<plist><dict><key>a</key></plist>".utf8))
        } throws: { ($0 as? PredicateEvaluationError)?.code == .invalidData }
    }

    @Test func anyConversion() throws {
        let object: [String: Any] = [
            "bool": true, "int": 7, "nsBool": NSNumber(value: true), "nsInt": NSNumber(value: 1),
            "nsDouble": NSNumber(value: 0.5), "int8": Int8(3), "float": Float(0.25), "null": NSNull(),
            "url": URL(string: "https://example.com/a")!, "nested": [["k": [1]]] as [Any],
        ]
        #expect(try PredicateValue(any: object) == [
            "bool": true, "int": 7, "nsBool": true, "nsInt": 1, "nsDouble": 0.5, "int8": 3, "float": 0.25,
            "null": nil, "url": "https://example.com/a", "nested": [["k": [1]]],
        ])
        #expect(try PredicateValue(any: nil) == .null)
    }

    @Test func unsupportedAnyNamesTheValue() {
        struct Opaque {}
        #expect {
            try PredicateValue(any: ["a": Opaque()])
        } throws: { error in
            guard let e = error as? PredicateEvaluationError else { return false }
            return e.code == .invalidData && e.message.contains("Opaque")
        }
        #expect {
            try PredicateValue(any: NSDictionary(dictionary: [1: "x"]))
        } throws: { ($0 as? PredicateEvaluationError)?.code == .invalidData }
    }

    @Test func literals() {
        let v: PredicateValue = ["s": "a", "i": 1, "d": 1.5, "b": true, "n": nil, "a": [1, "x"]]
        #expect(v == .dictionary(["s": .string("a"), "i": .integer(1), "d": .double(1.5), "b": .bool(true),
                                  "n": .null, "a": .array([.integer(1), .string("x")])]))
    }

    @Test func structuralEqualityKeepsKinds() {
        #expect(PredicateValue.integer(1) != .double(1))
        #expect(PredicateValue.bool(true) != .integer(1))
        #expect(PredicateValue.array([1, 2]) != [1, 2, 3])
        #expect(PredicateValue.dictionary(["a": 1]) != ["b": 1])
        #expect(Set<PredicateValue>([1, 1, "a", [1], [1]]).count == 3)
    }

    /// A 10 000-deep value built in code: equality, hashing and evaluation must not overflow.
    @Test func deepValuesDoNotOverflow() throws {
        var a: PredicateValue = 1, b: PredicateValue = 1
        for _ in 0..<10_000 { a = [a]; b = [b] }
        #expect(a == b)
        var h = Hasher()
        a.hash(into: &h)
        _ = h.finalize()
        let p = FormatPredicate.comparison(ComparisonPredicate(.evaluatedObject, .equalTo, .constant(b)))
        #expect(try p.evaluate(with: a) == true)
        let key = FormatPredicate.comparison(ComparisonPredicate(.keyPath(KeyPathExpression(["k"])), .equalTo, .constant(1)))
        #expect(throws: PredicateEvaluationError.self) { try key.evaluate(with: a) }
    }
}

/// Evaluating against Swift types through `PredicateKeyValueCoding`.
@Suite struct ValueKeyValueCodingTests {
    struct Person: PredicateKeyValueCoding {
        var name: String
        var age: Int
        var friends: [String]
        func predicateValue(forKey key: String) -> PredicateValue? {
            switch key {
            case "name": .string(name)
            case "age": .integer(age)
            case "friends": .array(friends.map { .string($0) })
            default: nil
            }
        }
    }

    static let ben = Person(name: "Benson", age: 42, friends: ["Ann", "Cid"])

    @Test(arguments: [
        (EV.cmp(EV.kp("name"), .beginsWith, EV.c("be"), .direct, .caseInsensitive), true),
        (EV.cmp(EV.kp("age"), .greaterThan, EV.c(50)), false),
        (EV.cmp(EV.kp("friends"), .equalTo, EV.c("Cid"), .any), true),
        (EV.cmp(EV.kp("friends.@count"), .equalTo, EV.c(2)), true),
        (EV.cmp(EV.kp("missing"), .equalTo, EV.c(nil)), true),
        (EV.cmp(.evaluatedObject, .equalTo, EV.c(nil)), true),
    ])
    func swiftObject(_ predicate: FormatPredicate, _ expected: Bool) throws {
        #expect(try predicate.evaluate(with: Self.ben) == expected)
    }
}
