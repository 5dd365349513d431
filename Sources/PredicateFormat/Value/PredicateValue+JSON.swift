import Foundation

extension PredicateValue {
    /// Reads a JSON document: objects become dictionaries, integers stay `.integer`,
    /// `true`/`false` become `.bool`, and top-level scalars are accepted.
    /// - Throws: `.invalidData` for malformed JSON, `.tooDeep` for nesting beyond
    ///   ``maximumConversionDepth``.
    public init(json data: Data) throws(PredicateEvaluationError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let text = "\(error)"
            if text.contains("Too many nested") {
                throw PredicateEvaluationError(.tooDeep,
                    "JSON is nested deeper than \(Self.maximumConversionDepth) arrays or objects")
            }
            throw PredicateEvaluationError(.invalidData, "not valid JSON (\(data.count) bytes): \(text)")
        }
        try self.init(any: object)
    }

    /// Reads a JSON document from text; see ``init(json:)-(Data)``.
    public init(json text: String) throws(PredicateEvaluationError) {
        try self.init(json: Data(text.utf8))
    }
}
