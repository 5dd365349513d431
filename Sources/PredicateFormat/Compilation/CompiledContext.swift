/// The state of one compiled evaluation: the evaluated object, substitution variables and
/// the values `SUBQUERY` variables are bound to.
///
/// Variables bound by `SUBQUERY` are resolved to slots when compiling (scoping is lexical:
/// the innermost enclosing `SUBQUERY` of that name), so no name is looked up at run time.
/// The first four slots live inline, so nesting up to four `SUBQUERY`s allocates nothing.
struct CompiledContext {
    /// The evaluated object (`SELF`) as a value.
    let root: PredicateValue
    /// The evaluated object when it is a Swift object answering keys itself.
    let object: (any PredicateKeyValueCoding)?
    /// The `substitutionVariables` of the call.
    let substitutions: [String: PredicateValue]
    private var slot0: PredicateValue = .null
    private var slot1: PredicateValue = .null
    private var slot2: PredicateValue = .null
    private var slot3: PredicateValue = .null
    private var more: [PredicateValue] = []

    init(root: PredicateValue, object: (any PredicateKeyValueCoding)?,
         substitutions: [String: PredicateValue], slots: Int) {
        self.root = root
        self.object = object
        self.substitutions = substitutions
        if slots > 4 { more = Array(repeating: .null, count: slots - 4) }
    }

    /// The value bound to slot `i`.
    @inline(__always)
    func binding(_ i: Int) -> PredicateValue {
        switch i {
        case 0: slot0
        case 1: slot1
        case 2: slot2
        case 3: slot3
        default: more[i - 4]
        }
    }

    /// Binds slot `i` to `value`.
    @inline(__always)
    mutating func bind(_ i: Int, _ value: PredicateValue) {
        switch i {
        case 0: slot0 = value
        case 1: slot1 = value
        case 2: slot2 = value
        case 3: slot3 = value
        default: more[i - 4] = value
        }
    }

    /// `SELF` as a value, as the tree-walking evaluator computes it.
    @inline(__always)
    var evaluatedObject: PredicateValue { object?.predicateValue ?? root }
}

/// A compiled predicate: tests the context.
typealias CompiledTest = @Sendable (inout CompiledContext) throws(PredicateEvaluationError) -> Bool
/// A compiled expression: computes a value in the context.
typealias CompiledValue = @Sendable (inout CompiledContext) throws(PredicateEvaluationError) -> PredicateValue
/// One comparison of a left-hand value with a right-hand side fixed at compile time.
typealias CompiledKernel = @Sendable (PredicateValue) throws(PredicateEvaluationError) -> Bool
