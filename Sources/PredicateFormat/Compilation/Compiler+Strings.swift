import Foundation
import TypeIdentifiers

/// A string comparison against a constant right-hand string.
typealias CompiledStringKernel = @Sendable (String) throws(PredicateEvaluationError) -> Bool

extension Compiler {
    /// The comparison of a left-hand string with the constant `rs`, or `nil` when the
    /// operator does not compare two strings directly (`BETWEEN`).
    func stringKernel(_ s: ComparisonSemantics, _ rs: String) -> CompiledStringKernel? {
        let options = s.options
        switch s.op {
        case .equalTo, .notEqualTo, .beginsWith, .endsWith, .contains, .in, .utiEquals,
             .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            return PreparedString(rs, options: s.op == .utiEquals ? .caseInsensitive : options).kernel(s.op)
        case .like:
            return { (ls: String) throws(PredicateEvaluationError) -> Bool in
                StringComparison.like(ls, rs, options: options)
            }
        case .matches:
            return Self.regexKernel(rs, options)
        case .utiConformsTo:
            let registry = self.registry
            if let type = registry.type(withIdentifier: rs) {
                return { (ls: String) throws(PredicateEvaluationError) -> Bool in registry.conforms(ls, to: type) }
            }
            return { (ls: String) throws(PredicateEvaluationError) -> Bool in registry.conforms(ls, to: rs) }
        case .between:
            return nil
        }
    }

    /// `MATCHES` a constant pattern: compiled now (after folding diacritics for `[d]`); an
    /// invalid pattern throws its error each time the comparison is reached with two strings.
    static func regexKernel(_ rs: String, _ options: ComparisonPredicate.Options) -> CompiledStringKernel {
        let mode = RegexMatching.Mode(options)
        let regex: NSRegularExpression
        do {
            regex = try RegexMatching.build(mode.form(rs), caseInsensitive: mode.caseInsensitive)
        } catch {
            return { (_: String) throws(PredicateEvaluationError) -> Bool in throw error }
        }
        let box = RegexBox(regex)
        return { (ls: String) throws(PredicateEvaluationError) -> Bool in
            RegexMatching.wholeMatch(box.regex, mode.form(ls))
        }
    }
}

/// A compiled regular expression shared by concurrent evaluations.
// NSRegularExpression is immutable after creation and documented as safe to use from
// several threads at once; the box only holds it.
final class RegexBox: @unchecked Sendable {
    let regex: NSRegularExpression
    init(_ regex: NSRegularExpression) { self.regex = regex }
}
