import PredicateFormat

/// Parses and evaluates every case with Appex's predicates and, where possible, with
/// swift-foundation's `#Predicate` and GNUstep's `NSPredicate` (the peer subprocess).
struct PredicateSuite {
    /// How each benchmark is timed.
    let measurer: Measurer

    /// Measures `cases`; `gnustep` holds the peer's results by name, when it was run.
    func run(_ cases: [PredicateCase], gnustep: [String: GNUstepPeer.Result]?) -> [PredicateCaseResult] {
        cases.map { testCase in
            var result = PredicateCaseResult(name: testCase.name, group: testCase.group, expected: testCase.expected)
            result.gnustep = gnustep?[testCase.name]
            measureOurs(testCase, into: &result)
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
        } catch {
            result.ourError = "\(error)"
        }
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
