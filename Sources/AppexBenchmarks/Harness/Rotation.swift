/// Visits the indexes of a table starting at a given row and wrapping around.
///
/// Benchmark bodies use it with the call index so that consecutive calls do different
/// work in a different order, which the optimizer cannot prove redundant.
struct Rotation: Sequence, IteratorProtocol {
    private let count: Int
    private var cursor: Int
    private var remaining: Int

    /// Every index of a `count`-row table, starting at `start % count`.
    init(count: Int, start: Int) {
        self.count = count
        self.cursor = count > 0 ? start % count : 0
        self.remaining = count
    }

    /// The next index, or `nil` after `count` of them.
    mutating func next() -> Int? {
        guard remaining > 0 else { return nil }
        remaining -= 1
        let index = cursor
        cursor += 1
        if cursor == count { cursor = 0 }
        return index
    }
}
