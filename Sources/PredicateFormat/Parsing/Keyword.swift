/// A reserved word of the predicate format language. Reserved words are case-insensitive and
/// can be used as key names only with the `#` escape (`#size`).
enum Keyword: String, Sendable, CaseIterable {
    case and = "AND", or = "OR", not = "NOT"
    case any = "ANY", some = "SOME", all = "ALL", none = "NONE"
    case `in` = "IN", like = "LIKE", matches = "MATCHES", contains = "CONTAINS"
    case beginsWith = "BEGINSWITH", endsWith = "ENDSWITH", between = "BETWEEN"
    case caseInsensitive = "CASEINSENSITIVE", ci = "CI"
    case null = "NULL", `nil` = "NIL", `self` = "SELF"
    case `true` = "TRUE", yes = "YES", `false` = "FALSE", no = "NO"
    case first = "FIRST", last = "LAST", size = "SIZE"
    case anyKey = "ANYKEY", subquery = "SUBQUERY", fetch = "FETCH", cast = "CAST"
    case truePredicate = "TRUEPREDICATE", falsePredicate = "FALSEPREDICATE"
    case utiConformsTo = "UTI-CONFORMS-TO", utiEquals = "UTI-EQUALS"
    case union = "UNION", intersect = "INTERSECT", minus = "MINUS"

    /// Every word keyword by its uppercase spelling (the two UTI operators are lexed apart).
    private static let byUppercaseName: [String: Keyword] = {
        var table: [String: Keyword] = [:]
        for keyword in allCases where !keyword.rawValue.contains("-") {
            table[keyword.rawValue] = keyword
        }
        return table
    }()

    /// The longest word keyword, in bytes.
    static let maximumWordLength = 15

    /// The keyword spelled by `bytes` (ASCII, any case), if any.
    static func lookUp<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Keyword? {
        let count = bytes.count
        guard count >= 2, count <= maximumWordLength else { return nil }
        var isASCIILetters = true
        let upper = String(unsafeUninitializedCapacity: count) { buffer in
            var i = 0
            for byte in bytes {
                if byte >= 0x61 && byte <= 0x7A {
                    buffer[i] = byte - 0x20
                } else {
                    if !(byte >= 0x41 && byte <= 0x5A) { isASCIILetters = false }
                    buffer[i] = byte
                }
                i += 1
            }
            return count
        }
        guard isASCIILetters else { return nil }
        return byUppercaseName[upper]
    }

    /// Whether `name` is a reserved word, so that a key of that name must be written `#name`.
    static func isReserved(_ name: String) -> Bool {
        lookUp(name.utf8) != nil
    }
}
