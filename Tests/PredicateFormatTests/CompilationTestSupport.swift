import PredicateFormat
import TypeIdentifiers
import Testing

/// The outcome of one evaluation, comparable across the two evaluators: the result, or the
/// error's code and message.
enum Outcome: Equatable, CustomStringConvertible {
    case value(Bool)
    case error(PredicateEvaluationError.Code, String)

    init(_ body: () throws(PredicateEvaluationError) -> Bool) {
        do throws(PredicateEvaluationError) {
            self = .value(try body())
        } catch {
            self = .error(error.code, error.message)
        }
    }

    var description: String {
        switch self {
        case .value(let b): "\(b)"
        case .error(let code, let message): "\(code): \(message)"
        }
    }
}

/// Differential checks: the compiled form against the tree-walking evaluator.
enum Differential {
    /// Both outcomes for a value object.
    static func outcomes(
        _ predicate: FormatPredicate, _ object: PredicateValue,
        substitutions: [String: PredicateValue] = [:],
        options: PredicateEvaluationOptions = .default
    ) -> (walked: Outcome, compiled: Outcome) {
        let walked = Outcome { () throws(PredicateEvaluationError) -> Bool in
            try predicate.evaluate(with: object, substitutionVariables: substitutions, options: options)
        }
        let compiled = Outcome { () throws(PredicateEvaluationError) -> Bool in
            try predicate.compiled(options: options).evaluate(with: object, substitutionVariables: substitutions)
        }
        return (walked, compiled)
    }

    /// Both outcomes for a Swift object answering keys itself.
    static func outcomes(
        _ predicate: FormatPredicate, object: some PredicateKeyValueCoding,
        substitutions: [String: PredicateValue] = [:],
        options: PredicateEvaluationOptions = .default
    ) -> (walked: Outcome, compiled: Outcome) {
        let walked = Outcome { () throws(PredicateEvaluationError) -> Bool in
            try predicate.evaluate(with: object, substitutionVariables: substitutions, options: options)
        }
        let compiled = Outcome { () throws(PredicateEvaluationError) -> Bool in
            try predicate.compiled(options: options).evaluate(with: object, substitutionVariables: substitutions)
        }
        return (walked, compiled)
    }

    /// The depth limits every case is also checked under: tiny limits reach the `tooDeep`
    /// paths of ordinary predicates.
    static let depthLimits = [0, 1, 2, 3, PredicateEvaluationOptions.defaultMaximumDepth]
}

/// A Swift object answering keys from a dictionary, with a whole-object value, to exercise
/// the key-value-coding overloads.
struct KVCObject: PredicateKeyValueCoding, Sendable {
    let values: [String: PredicateValue]
    func predicateValue(forKey key: String) -> PredicateValue? { values[key] }
    var predicateValue: PredicateValue { .dictionary(values) }
}
