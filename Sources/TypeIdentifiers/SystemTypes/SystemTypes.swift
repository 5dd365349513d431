/// The types Appex declares itself: every type of Apple's UniformTypeIdentifiers
/// `UTCoreTypes`, with its physical and functional parents, extensions and MIME types.
///
/// The table is split by family (`SystemTypes+Text.swift`, `SystemTypes+Image.swift`, …);
/// each family is a plain array so the data reads like Apple's header comments.
public enum SystemTypes {
    /// Every system declaration, in family order.
    public static let all: [TypeDeclaration] =
        roots + text + images + audiovisual + archives + documents + other
}
