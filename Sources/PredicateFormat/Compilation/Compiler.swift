import TypeIdentifiers

/// Turns a syntax tree into nested closures, preparing everything constant once.
///
/// The compiler mirrors the tree-walking ``Evaluator`` step by step, so results, errors and
/// the order in which errors are found are the same:
///
/// - **Depth**: every point where the evaluator enters a nesting level (compound predicates,
///   nesting expressions, `SUBQUERY`) has a depth known at compile time. A node the
///   evaluator would reject as too deep compiles to a closure that throws the same
///   `.tooDeep` error when reached, and its children are not compiled.
/// - **Variables**: a `$name` inside a `SUBQUERY` that binds it reads that subquery's slot;
///   any other `$name` is looked up in the substitution variables when evaluated.
/// - **Errors are deferred**: nothing is thrown while compiling; what the evaluator would
///   throw (an invalid constant regular expression, say) is thrown when evaluation reaches
///   it, and only then.
struct Compiler {
    /// The registry `UTI-CONFORMS-TO` consults; the ``CompiledPredicate`` keeps it alive.
    let registry: TypeRegistry
    /// The evaluator's depth limit.
    let maximumDepth: Int
    /// The variables of the enclosing `SUBQUERY`s, outermost first; the index is the slot.
    var scopes: [String] = []
    /// The most slots any evaluation needs.
    var slotCount = 0

    init(options: PredicateEvaluationOptions) {
        registry = options.typeRegistry
        maximumDepth = options.maximumDepth
    }

    /// The error the evaluator throws when nesting exceeds the limit.
    var tooDeepError: PredicateEvaluationError {
        .nestingTooDeep(maximumDepth)
    }

    /// Compiles a predicate evaluated at nesting `depth`.
    mutating func test(_ predicate: FormatPredicate, depth: Int) -> CompiledTest {
        switch predicate {
        case .constant(let b):
            return { (_: inout CompiledContext) throws(PredicateEvaluationError) -> Bool in b }
        case .comparison(let c):
            return comparison(c, depth: depth)
        case .compound(let c):
            guard depth + 1 <= maximumDepth else { return failingTest(tooDeepError) }
            let parts = c.subpredicates.map { test($0, depth: depth + 1) }
            return Self.compound(c.kind, parts)
        }
    }

    /// `AND` stops at the first false operand, `OR` at the first true one; `NOT` negates the
    /// `AND` of its operands.
    static func compound(_ kind: CompoundPredicate.Kind, _ parts: [CompiledTest]) -> CompiledTest {
        switch (kind, parts.count) {
        case (.and, 0), (.not, 0):
            let result = kind == .and
            return { (_: inout CompiledContext) throws(PredicateEvaluationError) -> Bool in result }
        case (.or, 0):
            return { (_: inout CompiledContext) throws(PredicateEvaluationError) -> Bool in false }
        case (.and, 1):
            return parts[0]
        case (.or, 1):
            return parts[0]
        case (.not, 1):
            let a = parts[0]
            return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> Bool in try !a(&ctx) }
        case (.and, 2):
            let a = parts[0], b = parts[1]
            return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> Bool in
                if try !a(&ctx) { return false }
                return try b(&ctx)
            }
        case (.or, 2):
            let a = parts[0], b = parts[1]
            return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> Bool in
                if try a(&ctx) { return true }
                return try b(&ctx)
            }
        case (.and, _):
            return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> Bool in
                for p in parts where try !p(&ctx) { return false }
                return true
            }
        case (.or, _):
            return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> Bool in
                for p in parts where try p(&ctx) { return true }
                return false
            }
        case (.not, _):
            return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> Bool in
                for p in parts where try !p(&ctx) { return true }
                return false
            }
        }
    }

    /// A predicate that throws `error` whenever it is evaluated.
    func failingTest(_ error: PredicateEvaluationError) -> CompiledTest {
        { (_: inout CompiledContext) throws(PredicateEvaluationError) -> Bool in throw error }
    }

    /// An expression that throws `error` whenever it is evaluated.
    func failingValue(_ error: PredicateEvaluationError) -> CompiledValue {
        { (_: inout CompiledContext) throws(PredicateEvaluationError) -> PredicateValue in throw error }
    }
}
