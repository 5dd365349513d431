import PredicateFormat

/// Parses and evaluates every case with Appex's predicates and, where possible, with
/// swift-foundation's `#Predicate` and GNUstep's `NSPredicate` (the peer subprocess).
struct PredicateSuite {
    /// How each benchmark is timed.
    let measurer: Measurer

    /// The GNUstep peer and the cases file it reads, when it takes part.
    let gnustep: (peer: GNUstepPeer, casesPath: String)?

    /// Measures `cases`, one case at a time with every implementation in turn.
    func run(_ cases: [PredicateCase]) throws -> [PredicateCaseResult] {
        try cases.map { testCase in
            var result = PredicateCaseResult(name: testCase.name, group: testCase.group, expected: testCase.expected)
            measureOurs(testCase, into: &result)
            if let gnustep {
                result.gnustep = try gnustep.peer.run(casesPath: gnustep.casesPath, name: testCase.name,
                                                      settings: measurer.settings)
            }
            measureNative(testCase, into: &result)
            return result
        }
    }

    private func measureOurs(_ testCase: PredicateCase, into result: inout PredicateCaseResult) {
        let format = testCase.format
        do {
            let predicate = try OurPredicates.parse(format)
            let value = try OurPredicates.value(json: testCase.objectJSON)
            result.ourResult = try OurPredicates.evaluate(predicate, with: value)
            result.ourParse = try measurer.measure { _ in
                Self.shape(of: try OurPredicates.parse(format))
            }.nanosecondsPerOperation
            result.ourEval = try measurer.measure { _ in
                try OurPredicates.evaluate(predicate, with: value) ? 1 : 0
            }.nanosecondsPerOperation
            try measureCompiled(predicate, value, into: &result)
        } catch {
            result.ourError = "\(error)"
        }
    }

    private func measureCompiled(_ predicate: FormatPredicate, _ value: PredicateValue,
                                 into result: inout PredicateCaseResult) throws {
        let compiled = try OurPredicates.compile(predicate)
        result.ourCompiledResult = try OurPredicates.evaluate(compiled, with: value)
        // Compiling may throw and allocates the closures in another module: it cannot be
        // dropped even though only its success is used.
        result.ourCompile = try measurer.measure { _ in
            _ = try OurPredicates.compile(predicate)
            return 1
        }.nanosecondsPerOperation
        result.ourCompiledEval = try measurer.measure { _ in
            try OurPredicates.evaluate(compiled, with: value) ? 1 : 0
        }.nanosecondsPerOperation
    }

    private func measureNative(_ testCase: PredicateCase, into result: inout PredicateCaseResult) {
        guard let native = NativePredicates.prepared(for: testCase) else { return }
        do {
            result.nativeResult = try native.predicate.evaluate(native.input)
            result.nativeEval = try measurer.measure { _ in
                try native.predicate.evaluate(native.input) ? 1 : 0
            }.nanosecondsPerOperation
        } catch {
            result.nativeResult = nil
        }
    }

    /// A cheap digest of a parsed predicate, so that parsing has a used result.
    private static func shape(of predicate: FormatPredicate) -> Int {
        switch predicate {
        case .constant(let value): value ? 1 : 0
        case .comparison: 2
        case .compound: 3
        }
    }
}
