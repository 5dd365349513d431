/// A predicate written in Apple's predicate format string syntax.
///
/// The counterpart of `NSPredicate`: parse one with ``init(format:_:)`` (or
/// ``init(format:argumentArray:)``), evaluate it with ``evaluate(with:substitutionVariables:)``,
/// and print its canonical form with ``predicateFormat``. Parsing the canonical form again
/// yields an equal predicate.
public indirect enum FormatPredicate: Sendable, Hashable {
    /// `TRUEPREDICATE` or `FALSEPREDICATE`.
    case constant(Bool)
    /// A comparison of two expressions, such as `ANY types UTI-CONFORMS-TO "public.image"`.
    case comparison(ComparisonPredicate)
    /// `AND`, `OR` or `NOT` over subpredicates.
    case compound(CompoundPredicate)
}
