/// Prints the pages suite's results.
enum PageReport {
    static func render(_ results: PageResults) -> String {
        var out = "Web pages: appex share --page (Highlight in Reader, preprocessing + run + finalize) against Chromium loading the page alone\n\n"
        var table = TextTable(headers: ["measure", "median", "/ Chromium alone", "goal"], leftAligned: [0, 3])
        let chromium = PageResults.median(results.samples.chromium)
        table.append(["chromium --headless --dump-dom", Formatting.duration(chromium), "1.00x", "-"])
        table.append(["appex share --page, whole share", Formatting.duration(PageResults.median(results.samples.share)),
                      Formatting.ratio(results.ratio), results.ratio <= 1.5 ? "met (≤ 1.5x)" : "missed (> 1.5x)"])
        table.append(["  of which preprocessing", Formatting.duration(PageResults.median(results.samples.preprocessing)), "", ""])
        table.append(["  of which the extension's run", Formatting.duration(PageResults.median(results.samples.extensionRun)), "", ""])
        out += table.render() + "\n"
        out += "medians of \(results.rounds) rounds, interleaved; the share is timed to its end, past the extension's beginRequest\n"
        return out
    }
}
