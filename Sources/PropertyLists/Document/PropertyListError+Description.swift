extension PropertyListError {
    /// The error as a compiler prints one: `file:line:column: error: message (at key.path)`,
    /// then the source line and a caret under the column. Without a position (binary files):
    /// `file: error: message (at key.path)`; without a file name (errors of the writers and
    /// of the Foundation bridge): `error: message`.
    public var description: String {
        var head = fileName
        if let position { head += ":\(position.line):\(position.column)" }
        head += head.isEmpty ? "error: \(message)" : ": error: \(message)"
        if let keyPath { head += " (at \(keyPath))" }
        guard let sourceLine, position != nil else { return head }
        let caret = caretIndex ?? 0
        var caretLine = ""
        for (index, scalar) in sourceLine.unicodeScalars.enumerated() where index < caret {
            caretLine.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
        }
        let shown = sourceLine.unicodeScalars.count
        if caret > shown { caretLine += String(repeating: " ", count: caret - shown) }
        return head + "\n" + sourceLine + "\n" + caretLine + "^"
    }
}
