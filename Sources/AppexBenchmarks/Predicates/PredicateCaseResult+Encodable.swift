extension PredicateCaseResult: Encodable {
    private enum CodingKeys: String, CodingKey {
        case name, group, expected, ourParse, ourEval, ourResult, ourError, gnustep, nativeEval, nativeResult
        case ourCompile, ourCompiledEval, ourCompiledResult
        case parseSpeedup, evalSpeedup, nativeSlowdown, compiledEvalSpeedup, compiledNativeSlowdown
    }

    /// Encodes the measurements and the derived ratios; absent values are omitted.
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(group, forKey: .group)
        try c.encode(expected, forKey: .expected)
        try c.encodeIfPresent(ourParse, forKey: .ourParse)
        try c.encodeIfPresent(ourEval, forKey: .ourEval)
        try c.encodeIfPresent(ourResult, forKey: .ourResult)
        try c.encodeIfPresent(ourError, forKey: .ourError)
        try c.encodeIfPresent(ourCompile, forKey: .ourCompile)
        try c.encodeIfPresent(ourCompiledEval, forKey: .ourCompiledEval)
        try c.encodeIfPresent(ourCompiledResult, forKey: .ourCompiledResult)
        try c.encodeIfPresent(gnustep, forKey: .gnustep)
        try c.encodeIfPresent(nativeEval, forKey: .nativeEval)
        try c.encodeIfPresent(nativeResult, forKey: .nativeResult)
        try c.encodeIfPresent(parseSpeedup, forKey: .parseSpeedup)
        try c.encodeIfPresent(evalSpeedup, forKey: .evalSpeedup)
        try c.encodeIfPresent(nativeSlowdown, forKey: .nativeSlowdown)
        try c.encodeIfPresent(compiledEvalSpeedup, forKey: .compiledEvalSpeedup)
        try c.encodeIfPresent(compiledNativeSlowdown, forKey: .compiledNativeSlowdown)
    }
}
