import TypeIdentifiers

/// A predicate prepared for repeated evaluation: the syntax tree turned into closures once,
/// with constants folded, right-hand strings pre-folded for `[c]`/`[d]`, regular
/// expressions compiled, constant `IN` lists hashed and `UTI-CONFORMS-TO` types resolved.
///
/// It gives exactly the results and errors of
/// ``FormatPredicate/evaluate(with:substitutionVariables:options:)-(PredicateValue,_,_)``
/// for every object, and is safe to share between threads.
///
/// ```swift
/// let rule = try FormatPredicate(format: "name BEGINSWITH[c] %@ AND age > 30", "ab").compiled()
/// for person in people where try rule.evaluate(with: person) { ... }
/// ```
public struct CompiledPredicate: Sendable {
    private let root: CompiledTest
    private let slots: Int
    /// The same predicate for a dictionary `SELF`, when it only compares keys with constants.
    private let dictionaryRoot: DictionaryTest?
    /// Keeps the type registry alive: the closures' ``ComparisonSemantics`` hold it unowned.
    private let registry: TypeRegistry

    init(root: @escaping CompiledTest, slots: Int, dictionaryRoot: DictionaryTest?, registry: TypeRegistry) {
        self.root = root
        self.slots = slots
        self.dictionaryRoot = dictionaryRoot
        self.registry = registry
    }

    /// Evaluates the predicate against a value (typically a dictionary).
    /// - Parameters:
    ///   - object: the object `SELF` and bare key paths refer to.
    ///   - substitutionVariables: values for `$name` variables not bound by a `SUBQUERY`.
    /// - Throws: ``PredicateEvaluationError``, as the tree-walking evaluator does.
    public func evaluate(
        with object: PredicateValue,
        substitutionVariables: [String: PredicateValue] = [:]
    ) throws(PredicateEvaluationError) -> Bool {
        if let dictionaryRoot, case .dictionary(let d) = object { return try dictionaryRoot(d) }
        var ctx = CompiledContext(root: object, object: nil, substitutions: substitutionVariables, slots: slots)
        return try root(&ctx)
    }

    /// Evaluates the predicate against a Swift object that answers key lookups itself; its
    /// ``PredicateKeyValueCoding/predicateValue(forKey:)`` answers the first component of each
    /// key path that starts at `SELF`.
    public func evaluate(
        with object: some PredicateKeyValueCoding,
        substitutionVariables: [String: PredicateValue] = [:]
    ) throws(PredicateEvaluationError) -> Bool {
        var ctx = CompiledContext(root: .null, object: ObjectBox(object), substitutions: substitutionVariables, slots: slots)
        return try root(&ctx)
    }
}

extension FormatPredicate {
    /// Compiles the predicate for fast repeated evaluation with `options` (its type registry
    /// and depth limit are fixed into the result).
    ///
    /// Compiling never fails today: every problem the evaluator would report — an invalid
    /// constant regular expression, a malformed `BETWEEN`, nesting beyond
    /// ``PredicateEvaluationOptions/maximumDepth`` — is deferred and thrown by
    /// ``CompiledPredicate/evaluate(with:substitutionVariables:)-(PredicateValue,_)`` when
    /// evaluation reaches it, exactly when the tree-walking evaluator would throw it. The
    /// `throws` is kept so that future compile-time checks need no API change.
    public func compiled(
        options: PredicateEvaluationOptions = .default
    ) throws(PredicateEvaluationError) -> CompiledPredicate {
        var compiler = Compiler(options: options)
        let root = compiler.test(self, depth: 0)
        return CompiledPredicate(root: root, slots: compiler.slotCount,
                                 dictionaryRoot: compiler.dictionaryTest(self, depth: 0),
                                 registry: compiler.registry)
    }
}
