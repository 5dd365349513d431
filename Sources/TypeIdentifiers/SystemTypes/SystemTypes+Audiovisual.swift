extension SystemTypes {
    /// The audiovisual family.
    static let audiovisual: [TypeDeclaration] = [
    ]
}
