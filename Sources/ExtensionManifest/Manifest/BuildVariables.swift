/// Xcode build-setting references in Info.plist values: `$(NAME)`, `${NAME}` and
/// `$(NAME:modifier)`.
///
/// A processed Info.plist has them expanded; the source files in repositories do not. Appex
/// keeps an unexpanded reference as written and reports it, and expands the ones given with
/// `--define NAME=VALUE`. Modifiers Xcode documents are applied: `rfc1034identifier`
/// (characters other than letters, digits, `-` and `.` become `-`), `c99extidentifier` and
/// `identifier` (they become `_`), `lower` and `upper`.
public struct BuildVariables: Hashable, Sendable {
    /// The values given with `--define`.
    public var definitions: [String: String]

    /// Creates a set of definitions.
    public init(_ definitions: [String: String] = [:]) { self.definitions = definitions }

    /// Parses `NAME=VALUE`.
    /// - Throws: ``PayloadError`` with code `invalid-input` when the text has no `=` or an empty name.
    public mutating func define(_ assignment: String) throws(PayloadError) {
        guard let eq = assignment.firstIndex(of: "="), eq != assignment.startIndex else {
            throw PayloadError(.invalidInput, "--define expects NAME=VALUE, not '\(assignment)'")
        }
        definitions[String(assignment[..<eq])] = String(assignment[assignment.index(after: eq)...])
    }

    /// The result of expanding one string.
    public struct Expansion: Hashable, Sendable {
        /// The string with every defined reference replaced.
        public var value: String
        /// The references left as written, such as `$(PRODUCT_BUNDLE_IDENTIFIER)`.
        public var unresolved: [String]
    }

    /// Expands the defined references in a string and lists the others.
    public func expand(_ text: String) -> Expansion {
        guard text.contains("$") else { return Expansion(value: text, unresolved: []) }
        var out = ""
        var unresolved: [String] = []
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            let next = text.index(after: i)
            guard c == "$", next < text.endIndex, text[next] == "(" || text[next] == "{" else {
                out.append(c)
                i = next
                continue
            }
            let close: Character = text[next] == "(" ? ")" : "}"
            guard let end = text[next...].firstIndex(of: close) else {
                out.append(contentsOf: text[i...])
                break
            }
            let reference = String(text[i...end])
            let inner = text[text.index(after: next)..<end]
            let parts = inner.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            if let value = definitions[parts[0]] {
                out += parts.dropFirst().reduce(value) { Self.apply($1, to: $0) }
            } else {
                out += reference
                unresolved.append(reference)
            }
            i = text.index(after: end)
        }
        return Expansion(value: out, unresolved: unresolved)
    }

    static func apply(_ modifier: String, to value: String) -> String {
        switch modifier.lowercased() {
        case "rfc1034identifier":
            return String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "-" })
        case "c99extidentifier", "identifier":
            return String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        case "lower": return value.lowercased()
        case "upper": return value.uppercased()
        default: return value
        }
    }
}
