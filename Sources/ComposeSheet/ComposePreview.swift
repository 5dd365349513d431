import AppExtensions
import Foundation

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
    /// What the attachment says, for a URL or a text: the URL, or the text's first line
    /// (at most ``maxDetailCharacters``). `nil` until the sheet has loaded it, and for
    /// images and files.
    public var detail: String?

    /// The most characters of a text the default preview keeps.
    public static let maxDetailCharacters = 200

    /// Creates a preview.
    public init(kind: Kind, title: String, typeIdentifier: String, detail: String? = nil) {
        self.kind = kind
        self.title = title
        self.typeIdentifier = typeIdentifier
        self.detail = detail
    }

    /// The detail the default preview shows for a text: its first non-empty line, cut to
    /// ``maxDetailCharacters``.
    static func detail(ofText value: String) -> String {
        cut(value.split(whereSeparator: \.isNewline).first.map(String.init) ?? "")
    }

    /// The detail the default preview shows for a URL: the URL, cut to
    /// ``maxDetailCharacters``.
    static func detail(of url: URL) -> String {
        cut(url.absoluteString)
    }

    private static func cut(_ text: String) -> String {
        text.count > maxDetailCharacters ? String(text.prefix(maxDetailCharacters - 1)) + "…" : text
    }

    /// Whether `provider` has an item of `kind`.
    static func conforms(_ provider: ItemProvider, to kind: Kind) -> Bool {
        kind.types.contains { provider.hasItemConformingToTypeIdentifier($0) }
    }
}
