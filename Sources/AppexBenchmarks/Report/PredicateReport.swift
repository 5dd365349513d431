/// Prints the predicate suite: per-case figures, ratios, geometric means and the goals.
enum PredicateReport {
    /// The goals the ratios are held to.
    enum Goal {
        /// GNUstep parse time over ours, at least.
        static let parseSpeedup = 10.0
        /// GNUstep evaluation time over ours, at least.
        static let evalSpeedup = 5.0
        /// Our evaluation time over `#Predicate`'s, at most.
        static let nativeSlowdown = 2.0
    }

    /// The report as text: a parsing table, an evaluation table, the summary and failures.
    static func render(_ results: [PredicateCaseResult], gnustepRan: Bool) -> String {
        var lines = ["Predicate parsing: median time per parse (and per compile() of the parsed tree); "
                     + "GNU/ours > 1 means Appex is faster", "", parseTable(results).render(), "",
                     "Predicate evaluation: median time per evaluation; GNU/… > 1 means Appex is faster, "
                     + "…/#P < 1 means Appex is faster", "", evalTable(results).render(), ""]
        lines += summary(results, gnustepRan: gnustepRan)
        let failures = results.compactMap { r in r.gnustep?.error.map { "  \(r.name): \($0)" } }
        if !failures.isEmpty {
            lines += ["", "GNUstep could not run:"] + failures
        }
        let ourFailures = results.compactMap { r in r.ourError.map { "  \(r.name): \($0)" } }
        if !ourFailures.isEmpty {
            lines += ["", "Appex could not run:"] + ourFailures
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func parseTable(_ results: [PredicateCaseResult]) -> TextTable {
        var table = TextTable(headers: ["case", "parse", "GNUstep", "GNU/ours", "compile"])
        forEachRow(results, in: &table) { r in
            [r.name, Formatting.duration(r.ourParse), gnustepCell(r.gnustep?.parseNanoseconds, r),
             Formatting.ratio(r.parseSpeedup), Formatting.duration(r.ourCompile)]
        }
        return table
    }

    private static func evalTable(_ results: [PredicateCaseResult]) -> TextTable {
        var table = TextTable(headers: ["case", "eval", "compiled", "GNUstep", "GNU/eval", "GNU/comp",
                                        "#Predicate", "eval/#P", "comp/#P", "results"],
                              leftAligned: [0, 9])
        forEachRow(results, in: &table) { r in
            [r.name, Formatting.duration(r.ourEval), Formatting.duration(r.ourCompiledEval),
             gnustepCell(r.gnustep?.evalNanoseconds, r), Formatting.ratio(r.evalSpeedup),
             Formatting.ratio(r.compiledEvalSpeedup), Formatting.duration(r.nativeEval),
             Formatting.ratio(r.nativeSlowdown), Formatting.ratio(r.compiledNativeSlowdown), check(r)]
        }
        return table
    }

    /// Appends one row per result, with a separator between groups.
    private static func forEachRow(_ results: [PredicateCaseResult], in table: inout TextTable,
                                   _ cells: (PredicateCaseResult) -> [String]) {
        var group: String?
        for r in results {
            if let group, group != r.group { table.appendSeparator() }
            group = r.group
            table.append(cells(r))
        }
    }

    /// Geometric means of the ratios, against their goals.
    static func summary(_ results: [PredicateCaseResult], gnustepRan: Bool) -> [String] {
        func line(_ label: String, _ values: [Double], goal: String, met: (Double) -> Bool) -> String {
            guard let mean = Formatting.geometricMean(values) else { return "\(label): no comparable cases" }
            let range = "min \(Formatting.ratio(values.min())), max \(Formatting.ratio(values.max()))"
            return "\(label): geometric mean \(Formatting.ratio(mean)) over \(values.count) cases (\(range)); "
                + "goal \(goal): \(met(mean) ? "met" : "MISSED")"
        }
        var lines: [String] = []
        if gnustepRan {
            // A wrong GNUstep answer means it ran a different predicate (its inverted AND/OR
            // precedence, SOME as NOT ALL): its timing is not comparable.
            let comparable = results.filter { $0.gnustep?.result == $0.expected }
            let wrong = results.filter { r in r.gnustep?.result.map { $0 != r.expected } ?? false }
            lines.append(line("parse, GNUstep/ours", comparable.compactMap(\.parseSpeedup),
                              goal: ">= \(Formatting.ratio(Goal.parseSpeedup))") { $0 >= Goal.parseSpeedup })
            lines.append(line("eval,  GNUstep/ours", comparable.compactMap(\.evalSpeedup),
                              goal: ">= \(Formatting.ratio(Goal.evalSpeedup))") { $0 >= Goal.evalSpeedup })
            lines.append(line("eval,  GNUstep/ours compiled", comparable.compactMap(\.compiledEvalSpeedup),
                              goal: ">= \(Formatting.ratio(Goal.evalSpeedup))") { $0 >= Goal.evalSpeedup })
            if !wrong.isEmpty {
                lines.append("  (left out: \(wrong.map(\.name).joined(separator: ", ")), where GNUstep answers wrongly)")
            }
        } else {
            lines.append("GNUstep peer not run (pass --gnustep PATH)")
        }
        lines.append(line("eval,  ours/#Predicate", results.compactMap(\.nativeSlowdown),
                          goal: "<= \(Formatting.ratio(Goal.nativeSlowdown))") { $0 <= Goal.nativeSlowdown })
        lines.append(line("eval,  ours compiled/#Predicate", results.compactMap(\.compiledNativeSlowdown),
                          goal: "<= \(Formatting.ratio(Goal.nativeSlowdown))") { $0 <= Goal.nativeSlowdown })
        return lines
    }

    /// A GNUstep timing, or why there is none.
    private static func gnustepCell(_ ns: Double?, _ r: PredicateCaseResult) -> String {
        if let ns { return Formatting.duration(ns) }
        return r.gnustep?.error == nil ? "–" : "unsupp."
    }

    /// Which implementations gave the expected answer.
    static func check(_ r: PredicateCaseResult) -> String {
        var wrong: [String] = []
        if r.ourError != nil { wrong.append("ours: error") }
        if let ours = r.ourResult, ours != r.expected { wrong.append("ours: WRONG (\(ours))") }
        if let c = r.ourCompiledResult, c != r.expected { wrong.append("compiled: WRONG (\(c))") }
        if let g = r.gnustep?.result, g != r.expected { wrong.append("GNUstep: WRONG (\(g))") }
        if let n = r.nativeResult, n != r.expected { wrong.append("#Predicate: WRONG (\(n))") }
        return wrong.isEmpty ? "ok (\(r.expected))" : wrong.joined(separator: "; ")
    }
}
