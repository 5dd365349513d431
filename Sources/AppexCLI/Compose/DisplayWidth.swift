import CAppexSystem

/// How many terminal columns text takes: CJK characters two, combining marks none.
package enum DisplayWidth {
    /// The columns of `text` (a character the C library does not know counts one).
    package static func of(_ text: some StringProtocol) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in total + Int(appex_display_width(scalar.value)) }
    }

    /// `text` cut into lines of at most `width` columns, at its own newlines too.
    package static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var used = 0
            for character in paragraph {
                let columns = of(String(character))
                if used + columns > width, !line.isEmpty {
                    lines.append(line)
                    line = ""
                    used = 0
                }
                line.append(character)
                used += columns
            }
            lines.append(line)
        }
        return lines
    }

    /// `text` padded with spaces to `width` columns.
    package static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - of(text)))
    }

    /// `text` cut to at most `width` columns, ending in "…" when cut.
    package static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        var kept = ""
        var used = 0
        for character in text {
            let columns = of(String(character))
            if used + columns > width - 1 { break }
            kept.append(character)
            used += columns
        }
        return kept + "…"
    }
}
