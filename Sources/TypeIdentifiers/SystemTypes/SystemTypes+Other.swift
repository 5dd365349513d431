extension SystemTypes {
    /// The other family.
    static let other: [TypeDeclaration] = [
    ]
}
