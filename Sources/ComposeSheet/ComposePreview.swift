import AppExtensions

/// What the sheet shows of the shared content (Apple's `loadPreviewView()` view, declared).
public struct ComposePreview: Hashable, Sendable, Codable {
    /// What is previewed.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case image, url, text, file

        /// The types that make an attachment this kind, in the order they are looked for.
        var types: [String] {
            switch self {
            case .image: ["public.image"]
            case .url: ["public.url"]
            case .text: ["public.text"]
            case .file: ["public.file-url", "public.data"]
            }
        }
    }

    /// What is previewed.
    public var kind: Kind
    /// A one-line title: the suggested name, else the type.
    public var title: String
    /// The attachment's type.
    public var typeIdentifier: String

    /// Creates a preview.
    public init(kind: Kind, title: String, typeIdentifier: String) {
        self.kind = kind
        self.title = title
        self.typeIdentifier = typeIdentifier
    }

    /// Whether `provider` has an item of `kind`.
    static func conforms(_ provider: ItemProvider, to kind: Kind) -> Bool {
        kind.types.contains { provider.hasItemConformingToTypeIdentifier($0) }
    }
}
