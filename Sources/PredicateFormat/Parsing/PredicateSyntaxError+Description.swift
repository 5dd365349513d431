extension PredicateSyntaxError {
    /// The widest source excerpt shown above the caret, in characters.
    private static let excerptWidth = 100

    /// The error rendered like a compiler diagnostic: `line:column: error: message`, then the
    /// source line (a window of it when long) and a caret under the column.
    public var description: String {
        let characters = Array(sourceLine)
        var first = 0
        var last = characters.count
        let caretIndex = max(0, column - 1)
        if characters.count > Self.excerptWidth {
            first = max(0, min(caretIndex - Self.excerptWidth / 2, characters.count - Self.excerptWidth))
            last = min(characters.count, first + Self.excerptWidth)
        }
        var excerpt = first > 0 ? "..." : ""
        var caretLine = first > 0 ? "   " : ""
        for (offset, character) in characters[first..<last].enumerated() {
            excerpt.append(character)
            if first + offset < caretIndex { caretLine.append(character == "\t" ? "\t" : " ") }
        }
        if last < characters.count { excerpt += "..." }
        if caretIndex > last { caretLine += String(repeating: " ", count: caretIndex - last) }
        caretLine += "^"
        return "\(line):\(column): error: \(message)\n\(excerpt)\n\(caretLine)"
    }
}
