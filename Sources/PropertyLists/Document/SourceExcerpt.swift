/// A source line cut down to a window around a column, so that an error on a very long
/// line (a 10 MB string) stays small.
struct SourceExcerpt {
    /// The widest excerpt, in Unicode scalars, before `...` marks are added.
    static let width = 120

    /// The excerpt, with `...` where the line was cut.
    var text: String
    /// The index of the column's scalar in ``text``.
    var caretIndex: Int

    init(line: String, column: Int) {
        let scalars = Array(line.unicodeScalars)
        let caret = max(0, column - 1)
        guard scalars.count > Self.width else {
            text = line
            caretIndex = caret
            return
        }
        let first = max(0, min(caret - Self.width / 2, scalars.count - Self.width))
        let last = min(scalars.count, first + Self.width)
        var view = String.UnicodeScalarView()
        if first > 0 { view.append(contentsOf: "...".unicodeScalars) }
        view.append(contentsOf: scalars[first..<last])
        if last < scalars.count { view.append(contentsOf: "...".unicodeScalars) }
        text = String(view)
        caretIndex = caret - first + (first > 0 ? 3 : 0)
    }
}
