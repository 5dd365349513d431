/// A plain-text table with right-aligned numeric columns.
struct TextTable {
    /// The column headers.
    let headers: [String]
    /// The rows; each has one cell per header.
    private(set) var rows: [[String]] = []
    /// Indexes of the columns aligned left (text); the others align right.
    let leftAligned: Set<Int>

    /// A table with these headers; column 0 is left-aligned unless told otherwise.
    init(headers: [String], leftAligned: Set<Int> = [0]) {
        self.headers = headers
        self.leftAligned = leftAligned
    }

    /// Appends a row, padded or cut to the header count.
    mutating func append(_ cells: [String]) {
        rows.append(Array((cells + Array(repeating: "", count: headers.count)).prefix(headers.count)))
    }

    /// Appends a separator line.
    mutating func appendSeparator() {
        rows.append([])
    }

    /// The table as text, one line per row.
    func render() -> String {
        var widths = headers.map(\.count)
        for row in rows where !row.isEmpty {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return leftAligned.contains(i) ? cell + pad : pad + cell
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        return ([line(headers), rule] + rows.map { $0.isEmpty ? rule : line($0) }).joined(separator: "\n")
    }
}

extension String {
    /// The string without trailing spaces.
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
