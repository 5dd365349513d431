/// The state of one compiled evaluation: the evaluated object, substitution variables and
/// the values `SUBQUERY` variables are bound to.
///
/// Variables bound by `SUBQUERY` are resolved to slots when compiling (scoping is lexical:
/// the innermost enclosing `SUBQUERY` of that name), so no name is looked up at run time.
/// Up to two nested `SUBQUERY`s need no allocation.
struct CompiledContext {
    /// The evaluated object (`SELF`) as a value.
    let root: PredicateValue
    /// The evaluated object when it is a Swift object answering keys itself (boxed, so the
    /// common value case carries a single null pointer instead of an existential).
    let object: ObjectBox?
    /// The `substitutionVariables` of the call.
    let substitutions: [String: PredicateValue]
    /// The first two `SUBQUERY` variables' values (activation rules nest two), inline.
    private var slot0: PredicateValue = .null
    private var slot1: PredicateValue = .null
    /// The values of slots 2 and up.
    private var more: [PredicateValue]

    init(root: PredicateValue, object: ObjectBox?, substitutions: [String: PredicateValue], slots: Int) {
        self.root = root
        self.object = object
        self.substitutions = substitutions
        more = slots > 2 ? Array(repeating: .null, count: slots - 2) : []
    }

    /// The value bound to slot `i`.
    @inline(__always)
    func binding(_ i: Int) -> PredicateValue {
        switch i {
        case 0: slot0
        case 1: slot1
        default: more[i - 2]
        }
    }

    /// Binds slot `i` to `value`.
    @inline(__always)
    mutating func bind(_ i: Int, _ value: PredicateValue) {
        switch i {
        case 0: slot0 = value
        case 1: slot1 = value
        default: more[i - 2] = value
        }
    }

    /// `SELF` as a value, as the tree-walking evaluator computes it.
    @inline(__always)
    var evaluatedObject: PredicateValue { object?.object.predicateValue ?? root }
}

/// A Swift object answering keys itself, for the context.
final class ObjectBox {
    let object: any PredicateKeyValueCoding
    init(_ object: any PredicateKeyValueCoding) { self.object = object }
}

/// A compiled predicate: tests the context.
typealias CompiledTest = @Sendable (inout CompiledContext) throws(PredicateEvaluationError) -> Bool
/// A compiled expression: computes a value in the context.
typealias CompiledValue = @Sendable (inout CompiledContext) throws(PredicateEvaluationError) -> PredicateValue
/// One comparison of a left-hand value with a right-hand side fixed at compile time.
typealias CompiledKernel = @Sendable (PredicateValue) throws(PredicateEvaluationError) -> Bool
