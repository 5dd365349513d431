extension SystemTypes {
    /// The images family.
    static let images: [TypeDeclaration] = [
    ]
}
