extension SystemTypes {
    /// The text family.
    static let text: [TypeDeclaration] = [
    ]
}
