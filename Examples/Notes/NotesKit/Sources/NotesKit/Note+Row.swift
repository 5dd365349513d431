extension Note {
    /// A stored line as the widget shows it: the text, and what follows the dash.
    public struct Row: Hashable, Sendable {
        /// The note's text.
        public var headline: String
        /// Its title and settings; empty when it has none.
        public var detail: String

        /// The row of a line that ``Note/line`` wrote.
        public init(line: String) {
            let parts = line.split(separator: " — ", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            headline = parts[0]
            detail = parts.count > 1 ? parts[1] : ""
        }
    }
}
