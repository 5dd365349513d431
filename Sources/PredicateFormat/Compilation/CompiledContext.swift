/// The state of one compiled evaluation: the evaluated object, substitution variables and
/// the values `SUBQUERY` variables are bound to.
///
/// Variables bound by `SUBQUERY` are resolved to slots when compiling (scoping is lexical:
/// the innermost enclosing `SUBQUERY` of that name), so no name is looked up at run time.
/// A predicate without `SUBQUERY` allocates no slots.
struct CompiledContext {
    /// The evaluated object (`SELF`) as a value.
    let root: PredicateValue
    /// The evaluated object when it is a Swift object answering keys itself (boxed, so the
    /// common value case carries a single null pointer instead of an existential).
    let object: ObjectBox?
    /// The `substitutionVariables` of the call.
    let substitutions: [String: PredicateValue]
    /// The `SUBQUERY` variables' values, by slot.
    private var slots: [PredicateValue]

    init(root: PredicateValue, object: ObjectBox?, substitutions: [String: PredicateValue], slots: Int) {
        self.root = root
        self.object = object
        self.substitutions = substitutions
        self.slots = slots == 0 ? [] : Array(repeating: .null, count: slots)
    }

    /// The value bound to slot `i`.
    @inline(__always)
    func binding(_ i: Int) -> PredicateValue { slots[i] }

    /// Binds slot `i` to `value`.
    @inline(__always)
    mutating func bind(_ i: Int, _ value: PredicateValue) { slots[i] = value }

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
