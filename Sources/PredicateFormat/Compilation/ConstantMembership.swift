/// The strings of a constant `IN` list as a set, for a left-hand string.
///
/// Membership of a string in an array is `==` under the options with any string element
/// (non-strings never equal a string). Without `[n]` that is equality of comparison forms
/// (``StringFolding/fold(_:_:)``: ASCII or NFC, where canonical equivalence, which `Set`
/// uses, is byte equality); with no options it is `String` equality itself. `[n]` compares
/// raw bytes, which `Set` does not, so lists under `[n]` are not prepared.
struct ConstantMembership: Sendable {
    /// Lists shorter than this are searched element by element.
    static let threshold = 6

    let strings: Set<String>
    let options: ComparisonPredicate.Options

    init?(_ items: [PredicateValue], options: ComparisonPredicate.Options) {
        guard items.count >= Self.threshold, !options.contains(.normalized) else { return nil }
        var strings = Set<String>()
        for case .string(let s) in items { strings.insert(options.isEmpty ? s : StringFolding.fold(s, options)) }
        self.strings = strings
        self.options = options
    }

    /// Whether `s` is in the list.
    @inline(__always)
    func contains(_ s: String) -> Bool {
        strings.contains(options.isEmpty ? s : StringFolding.fold(s, options))
    }
}
