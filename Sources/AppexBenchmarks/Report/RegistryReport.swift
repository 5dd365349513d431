import Foundation

/// Prints the registry suite's results.
enum RegistryReport {
    static func render(_ results: RegistryResults) -> String {
        var out = "A thousand extensions: \(results.installedExtensions) installed in \(results.installedApps) apps, "
            + "from \(results.usableCorpusPlists) corpus rules\(results.distinctRules ? ", each extension's rule a text of its own" : ""); "
            + "the URL is eligible for \(results.eligible)\n\n"
        var table = TextTable(headers: ["operation", "time", "spread", "against", "goal"], leftAligned: [0, 3, 4])
        table.append([results.floor.name, Formatting.duration(results.floor.nanoseconds), Formatting.percent(results.floor.spread), "-", "-"])
        table.append([results.cliShare.name, Formatting.duration(results.cliShare.nanoseconds), Formatting.percent(results.cliShare.spread),
                      Formatting.ratio(results.cliRatio) + " the floor", results.cliRatio <= 2 ? "≤ 2x: met" : "≤ 2x: missed"])
        table.append([results.resolve.name, Formatting.duration(results.resolve.nanoseconds), Formatting.percent(results.resolve.spread),
                      "-", results.resolve.nanoseconds <= 5e6 ? "≤ 5 ms: met" : "≤ 5 ms: missed"])
        table.append([results.firstResolve.name, Formatting.duration(results.firstResolve.nanoseconds),
                      Formatting.percent(results.firstResolve.spread), "-", "-"])
        table.append([results.install.name, Formatting.duration(results.install.nanoseconds), Formatting.percent(results.install.spread),
                      "-", results.install.nanoseconds <= 50e6 ? "≤ 50 ms: met" : "≤ 50 ms: missed"])
        out += table.render() + "\n"
        out += "installing the \(results.installedApps) apps: median \(Formatting.duration(results.installMedian)), "
            + "last \(Formatting.duration(results.installLast)) per app\n"
        out += "medians of the rounds, interleaved; the CLI figures are whole processes (exec to exit)\n"
        return out
    }
}
