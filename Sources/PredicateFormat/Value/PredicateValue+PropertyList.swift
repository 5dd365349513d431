import Foundation

extension PredicateValue {
    /// Reads a property list in XML, binary or OpenStep form: dates stay `.date`, data stays
    /// `.data`, booleans `.bool`, and integers `.integer`.
    /// - Throws: `.invalidData` for data that is not a property list, `.tooDeep` for nesting
    ///   beyond ``maximumConversionDepth``.
    public init(propertyList data: Data) throws(PredicateEvaluationError) {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw PredicateEvaluationError(.invalidData, "not a property list (\(data.count) bytes): \(error)")
        }
        try self.init(any: object)
    }
}
