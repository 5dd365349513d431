/// A place in a property-list file: a 1-based line and column, and a byte offset.
///
/// Columns count Unicode scalars from the start of the line, so a caret printed under the
/// column lines up in a terminal for most text. Lines end at `\n`, `\r\n` or `\r`.
public struct SourcePosition: Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in Unicode scalars.
    public var column: Int
    /// The 0-based byte offset into the (UTF-8) source.
    public var offset: Int

    /// Creates a position from its line, column and byte offset.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `line:column`, as compilers print it: `12:5`.
    public var description: String { "\(line):\(column)" }
}
