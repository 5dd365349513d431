import Foundation

/// Everything one run measured, for `--json`.
struct BenchReportJSON: Encodable {
    /// Conformance rows (baselines first).
    var types: [ResultRow] = []
    /// File detection rows (baseline first).
    var fileDetection: [ResultRow] = []
    /// Predicate cases.
    var predicates: [PredicateCaseResult] = []
    /// The transfers suite, when it ran.
    var transfers: TransferResults?
    /// The kill -9 soak, when it ran.
    var soak: SoakResults?
    /// The pages suite, when it ran.
    var pages: PageResults?
    /// The registry suite, when it ran.
    var registry: RegistryResults?
    /// The widgets suite's figures.
    var widgets: WidgetResults?
    /// The keyboard suite's figures.
    var keyboard: KeyboardResults?
    /// The memory suite's figures.
    var memory: MemoryResults?

    /// The report as pretty-printed JSON text.
    func text() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
