/// Everything measured for one predicate case, by all implementations.
struct PredicateCaseResult: Sendable {
    /// The case.
    let name: String
    /// `everyday` or `activation`.
    let group: String
    /// The result Apple's semantics give.
    let expected: Bool

    /// Our median ns per parse; `nil` when our parser rejected the format.
    var ourParse: Double?
    /// Our median ns per evaluation.
    var ourEval: Double?
    /// Our answer.
    var ourResult: Bool?
    /// Why we could not parse or evaluate it.
    var ourError: String?
    /// Our median ns per `compiled()` of the parsed predicate.
    var ourCompile: Double?
    /// Our median ns per evaluation of the compiled predicate.
    var ourCompiledEval: Double?
    /// The compiled predicate's answer.
    var ourCompiledResult: Bool?

    /// The GNUstep peer's report; `nil` when the peer was not run.
    var gnustep: GNUstepPeer.Result?

    /// `#Predicate`'s median ns per evaluation, for cases with an equivalent.
    var nativeEval: Double?
    /// `#Predicate`'s answer.
    var nativeResult: Bool?

    /// GNUstep parse time over ours (how many times faster we parse).
    var parseSpeedup: Double? { ratio(gnustep?.parseNanoseconds, ourParse) }
    /// GNUstep evaluation time over ours.
    var evalSpeedup: Double? { ratio(gnustep?.evalNanoseconds, ourEval) }
    /// Our evaluation time over `#Predicate`'s (how many times slower we are).
    var nativeSlowdown: Double? { ratio(ourEval, nativeEval) }
    /// GNUstep evaluation time over our compiled predicate's.
    var compiledEvalSpeedup: Double? { ratio(gnustep?.evalNanoseconds, ourCompiledEval) }
    /// Our compiled evaluation time over `#Predicate`'s.
    var compiledNativeSlowdown: Double? { ratio(ourCompiledEval, nativeEval) }

    private func ratio(_ numerator: Double?, _ denominator: Double?) -> Double? {
        guard let numerator, let denominator, denominator > 0 else { return nil }
        return numerator / denominator
    }
}
