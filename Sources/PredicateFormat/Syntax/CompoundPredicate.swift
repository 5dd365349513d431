/// `AND`, `OR` or `NOT` over subpredicates (the counterpart of `NSCompoundPredicate`).
///
/// An `AND` with no subpredicates is true and an `OR` with none is false, as Apple documents.
/// A `NOT` has exactly one subpredicate.
public struct CompoundPredicate: Sendable, Hashable {
    /// The logical connective.
    public enum Kind: Sendable, Hashable {
        case and, or, not
    }

    /// The connective.
    public var kind: Kind
    /// The operands, in source order.
    public var subpredicates: [FormatPredicate]

    /// Creates a compound predicate.
    public init(_ kind: Kind, _ subpredicates: [FormatPredicate]) {
        self.kind = kind
        self.subpredicates = subpredicates
    }
}
