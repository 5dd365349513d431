import ExtensionUI

/// Puts a keyboard's edits in the order it made them: each ``TextEditBatch`` says how many
/// edits came before it, so a batch that arrives early waits for the ones before it, and
/// one that arrives twice (a refused action's unchanged snapshot) is applied once.
struct TextEditSequencer: Sendable {
    /// Edits handed on so far.
    private(set) var applied = 0
    /// Batches that came before their turn, by their first edit's number.
    private var early: [Int: [TextInputEdit]] = [:]
    /// Where edits go, in order (the keyboard's typing, ``KeyboardTyping``).
    var sink: (@Sendable ([TextInputEdit]) -> Void)?

    /// Takes `batch`; the edits now ready, in order (none, when it must wait or was seen).
    mutating func accept(_ batch: TextEditBatch) -> [TextInputEdit] {
        guard batch.first + batch.edits.count > applied else { return [] }
        if batch.first > applied {
            early[batch.first] = batch.edits
            return []
        }
        var ready = Array(batch.edits.dropFirst(applied - batch.first))
        applied += ready.count
        while let next = early.removeValue(forKey: applied) {
            ready += next
            applied += next.count
        }
        // Batches overtaken by a later one that covered them are dropped.
        early = early.filter { $0.key >= applied }
        return ready
    }
}
