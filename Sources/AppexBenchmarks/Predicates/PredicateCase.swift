import Foundation

/// One case of the shared cases file (`Benchmarks/cases/predicates.json`), which the
/// GNUstep peer reads too.
struct PredicateCase: Sendable {
    /// A short unique name, also the key of its `#Predicate` equivalent.
    let name: String
    /// `everyday` or `activation` (an extension activation rule).
    let group: String
    /// The predicate format string.
    let format: String
    /// The object evaluated against, as JSON.
    let objectJSON: Data
    /// The result Apple's semantics give.
    let expected: Bool

    /// An error reading the cases file, naming the file and the problem.
    struct LoadError: Error, CustomStringConvertible {
        /// What is wrong, naming the file.
        let description: String
    }

    /// Reads the cases file at `path`.
    static func load(path: String) throws -> [PredicateCase] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw LoadError(description: "cannot read cases file \(path): \(error.localizedDescription)")
        }
        guard let entries = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw LoadError(description: "\(path) is not a JSON array of case objects")
        }
        return try entries.enumerated().map { index, entry in
            guard let name = entry["name"] as? String, let format = entry["format"] as? String,
                  let object = entry["object"], let expected = entry["expect"] as? Bool,
                  let objectJSON = try? JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed])
            else {
                throw LoadError(description: "\(path): case \(index) needs name, format, object and expect")
            }
            return PredicateCase(name: name, group: entry["group"] as? String ?? "everyday", format: format,
                                 objectJSON: objectJSON, expected: expected)
        }
    }
}
