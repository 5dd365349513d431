import PredicateFormat
import Testing

/// The shapes the compiler prepares specially, each checked against the evaluator on
/// left-hand values of every kind (the fast path's own kind and the fallbacks).
@Suite struct CompilationFastPathTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let format: String
        var testDescription: String { format }
        init(_ format: String) { self.format = format }
    }

    static let cases: [Case] = [
        "x == 'Benson'", "x != 'Benson'", "x ==[c] 'BENSON'", "x ==[cd] 'creme'", "x ==[n] 'Crème'",
        "x BEGINSWITH[c] 'be'", "x ENDSWITH[d] 'me'", "x CONTAINS[cd] 'EM'", "x CONTAINS ''",
        "x IN 'Benson Crème'", "x IN[c] 'BENSON'", "x < 'C'", "x <=[c] 'benson'", "x >[d] 'crema'", "x >= 'Crème'",
        "x LIKE[c] 'b*n'", "x LIKE '*è*'", "x MATCHES[c] 'b.*'", "x MATCHES[d] 'Creme'", "x MATCHES '('",
        "x UTI-CONFORMS-TO 'public.image'", "x UTI-CONFORMS-TO 'not an identifier'", "x UTI-EQUALS 'PUBLIC.JPEG'",
        "x == 42", "x != 42", "x < 42", "x <= 42", "x > 42", "x >= 42",
        "x == 1.5", "x != 1.5", "x < 1.5", "x >= 1.5",
        "x BETWEEN {18, 65}", "x BETWEEN {1.5, 65}", "x BETWEEN {'a', 'c'}", "x BETWEEN 'a'",
        "x IN {'a', 'b', 'c', 'd', 'e', 'Benson', 'f'}", "x IN[c] {'a', 'b', 'c', 'd', 'e', 'BENSON', 'CRÈME'}",
        "x IN[cd] {'a', 'b', 'c', 'd', 'e', 'creme', 1}", "x IN[n] {'a', 'b', 'c', 'd', 'e', 'Benson', 'Crème'}",
        "x IN {1, 2, 3, 4, 5, 42, 'x'}", "x == nil", "x != nil", "nil != x",
        "ANY x == 'a'", "ALL x > 1", "NONE x BEGINSWITH 'b'", "SOME x IN {'a', 'b', 'c', 'd', 'e', 'f'}",
        "self == 'x'", "self.x == 'Benson'", "x == 'Benson' AND y > 1", "x == 'Benson' OR NOT y > 1",
        "NOT (x == 'a' AND y == 'b' AND x == 'c')", "x.@count == 2", "x.length == 6",
    ].map(Case.init)

    static let values: [PredicateValue] = [
        nil, true, 42, 42.0, 1.5, .double(.nan), -3, "Benson", "benson", "Crème", "CRÈME", "creme",
        "e\u{301}", "public.jpeg", "PUBLIC.JPEG", "a", ["a", "b"], ["x": 1], [2, 3], [:], [],
    ]

    @Test(arguments: cases)
    func fastPathAgrees(_ c: Case) throws {
        let predicate = try FormatPredicate(format: c.format)
        for x in Self.values {
            for object: PredicateValue in [["x": x, "y": 2], ["x": x], x] {
                let (walked, compiled) = Differential.outcomes(predicate, object)
                #expect(compiled == walked, "x = \(x), object \(object)")
            }
            let (w, k) = Differential.outcomes(predicate, object: KVCObject(values: ["x": x, "y": 2]))
            #expect(k == w, "Swift object, x = \(x)")
        }
    }
}
