extension SystemTypes {
    /// The archives family.
    static let archives: [TypeDeclaration] = [
    ]
}
