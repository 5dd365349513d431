extension SystemTypes {
    /// The roots family.
    static let roots: [TypeDeclaration] = [
    ]
}
