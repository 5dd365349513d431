/// The types Appex declares itself: every type of Apple's UniformTypeIdentifiers
/// `UTCoreTypes`, the related types Apple declares beside them, and common document
/// formats, each with its physical and functional parents, extensions and MIME types.
///
/// Parents follow the "conforms to" lines of Apple's `UTCoreTypes.h` and the `UTType`
/// documentation. The table is split by family (`SystemTypes+Text.swift`,
/// `SystemTypes+Images.swift`, …); each family is a plain array so the data reads like
/// Apple's header comments. Where two types claim one tag, the first in family order wins
/// lookups.
public enum SystemTypes {
    /// Every system declaration, in family order.
    public static let all: [TypeDeclaration] =
        roots + text + sourceCode + images + threeD + audiovisual + archives + documents + bundles + other
}
