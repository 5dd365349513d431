/// A keyboard's edits carried by one snapshot, numbered so that a host applies every edit
/// once and in the order made, whichever order snapshots arrive in.
public struct TextEditBatch: Hashable, Sendable, Codable {
    /// The number of edits made before this batch's first (the first batch starts at 0).
    public var first: Int
    /// The edits, in order.
    public var edits: [TextInputEdit]

    public init(first: Int, edits: [TextInputEdit]) {
        self.first = first
        self.edits = edits
    }
}
