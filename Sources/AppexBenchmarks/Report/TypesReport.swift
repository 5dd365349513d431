/// Prints the rows of the types and file-detection suites.
enum TypesReport {
    /// The rows as a table with ratios against their baselines.
    static func render(title: String, rows: [ResultRow]) -> String {
        var table = TextTable(headers: ["benchmark", "ns/op", "spread", "vs baseline", "note"], leftAligned: [0, 4])
        for row in rows {
            let versus = row.ratio.map { "\(Formatting.ratio($0)) \(row.baseline ?? "")" } ?? "(baseline)"
            table.append([row.name, Formatting.duration(row.nanoseconds), Formatting.percent(row.spread),
                          versus, row.note])
        }
        return "\(title)\n\n\(table.render())\n"
    }
}
