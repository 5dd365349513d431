extension SystemTypes {
    /// The documents family.
    static let documents: [TypeDeclaration] = [
    ]
}
