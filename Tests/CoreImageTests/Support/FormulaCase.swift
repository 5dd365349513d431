import Testing

/// A filter with its parameters, and what its documented formula makes of a colour.
struct FormulaCase: CustomTestStringConvertible, Sendable {
    let name: String
    let filter: String
    let parameters: [String: Double]
    /// The formula, on the encoded colour as 0…1 values.
    let expected: @Sendable ([Double]) -> [Double]
    var testDescription: String { name }
}
