/// A payload that reproduces what a real host sends (apple-semantics.md §6).
///
/// Presets are written `name` or `name:N` on the command line (`photos:3`). Each one is
/// documented with the source of its shape; where no primary source exists the shape is
/// Appex's reading and says so.
public struct PayloadPreset: Hashable, Sendable, CustomStringConvertible {
    /// The preset's name, such as `photos`.
    public var name: String
    /// The count for presets that take one (`photos:3`), else `nil`.
    public var count: Int?

    /// Creates a preset; use ``parse(_:)`` for command-line text.
    public init(name: String, count: Int? = nil) {
        self.name = name
        self.count = count
    }

    /// The preset as written on the command line (`photos:3`).
    public var description: String { count.map { "\(name):\($0)" } ?? name }

    /// The largest count a preset accepts.
    public static let maximumCount = 1000

    /// The presets, with a one-line description each, in the order `--help` lists them.
    public static let catalog: [(spelling: String, summary: String)] = [
        ("safari-page", "Safari sharing a page: one item, title in the content text, one public.url attachment"),
        ("safari-page-js", "Safari sharing a page to an extension with JavaScript preprocessing: the URL attachment also offers com.apple.property-list"),
        ("firefox-page", "Firefox sharing a page: one item with a public.url and a public.plain-text attachment"),
        ("photos:N", "Photos sharing N photos: one item, one attachment per photo (public.jpeg, public.heic)"),
        ("photos-mixed:N", "Photos sharing N assets, every second one a video (com.apple.quicktime-movie)"),
        ("files-pdf", "Files sharing a PDF: one attachment (com.adobe.pdf, public.file-url)"),
        ("notes-text", "Notes sharing text: one public.plain-text attachment"),
        ("mail-attachments:N", "Mail sharing N file attachments (PDF, JPEG, Word document in turn), file-backed"),
    ]

    /// The names that need a count.
    static let counted: Set<String> = ["photos", "photos-mixed", "mail-attachments"]
    /// The names that take no count.
    static let plain: Set<String> = ["safari-page", "safari-page-js", "firefox-page", "files-pdf", "notes-text"]

    /// Reads a preset written as `name` or `name:N`.
    /// - Throws: ``PayloadError`` naming the text and what was expected.
    public static func parse(_ text: String) throws(PayloadError) -> PayloadPreset {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let name = parts[0].lowercased()
        let known = catalog.map(\.spelling).joined(separator: ", ")
        if plain.contains(name) {
            guard parts.count == 1 else {
                throw PayloadError(.invalidPreset, "preset '\(name)' takes no count, but '\(text)' gives one")
            }
            return PayloadPreset(name: name)
        }
        guard counted.contains(name) else {
            throw PayloadError(.invalidPreset, "unknown preset '\(text)'; known presets: \(known)")
        }
        guard parts.count == 2 else {
            throw PayloadError(.invalidPreset, "preset '\(name)' needs a count, as in '\(name):3'")
        }
        guard let n = Int(parts[1]), n >= 1, n <= maximumCount else {
            throw PayloadError(.invalidPreset,
                               "preset '\(text)': the count must be a whole number from 1 to \(maximumCount), not '\(parts[1])'")
        }
        return PayloadPreset(name: name, count: n)
    }

    /// The payload this preset describes.
    public var payload: ActivationPayload {
        let n = count ?? 1
        switch name {
        case "safari-page":
            return ActivationPayload(items: [.init(contentText: Self.pageTitle, attachments: [
                .init(["public.url"], url: Self.pageURL),
            ])])
        case "safari-page-js":
            // [uncertain] The property list (the run() results) is the higher-fidelity type.
            return ActivationPayload(items: [.init(contentText: Self.pageTitle, attachments: [
                .init(["com.apple.property-list", "public.url"], url: Self.pageURL),
            ])])
        case "firefox-page":
            return ActivationPayload(items: [.init(attachments: [
                .init(["public.url"], url: Self.pageURL),
                .init(["public.plain-text"]),
            ])])
        case "photos":
            return ActivationPayload(items: [.init(attachments: (1...n).map(Self.photo))])
        case "photos-mixed":
            return ActivationPayload(items: [.init(attachments: (1...n).map { $0 % 2 == 0 ? Self.video($0) : Self.photo($0) })])
        case "files-pdf":
            return ActivationPayload(items: [.init(attachments: [
                .init(["com.adobe.pdf", "public.file-url"], url: "file:///Files/Document.pdf", suggestedName: "Document.pdf"),
            ])])
        case "notes-text":
            return ActivationPayload(items: [.init(attachments: [.init(["public.plain-text"])])])
        case "mail-attachments":
            return ActivationPayload(items: [.init(attachments: (1...n).map(Self.mailAttachment))])
        default:
            return ActivationPayload(items: [])
        }
    }

    static let pageURL = "https://www.swift.org/"
    static let pageTitle = "Swift.org - Welcome to Swift.org"

    static func photo(_ i: Int) -> ActivationPayload.Attachment {
        .init(["public.jpeg", "public.heic"], url: "file:///Photos/IMG_\(1000 + i).JPG", suggestedName: "IMG_\(1000 + i).JPG")
    }

    static func video(_ i: Int) -> ActivationPayload.Attachment {
        .init(["com.apple.quicktime-movie"], url: "file:///Photos/IMG_\(1000 + i).MOV", suggestedName: "IMG_\(1000 + i).MOV")
    }

    static func mailAttachment(_ i: Int) -> ActivationPayload.Attachment {
        let kinds: [(String, String)] = [
            ("com.adobe.pdf", "pdf"), ("public.jpeg", "jpg"),
            ("org.openxmlformats.wordprocessingml.document", "docx"),
        ]
        let (type, ext) = kinds[(i - 1) % kinds.count]
        let name = "Attachment \(i).\(ext)"
        return .init([type, "public.file-url"], url: "file:///Mail/\(name)", suggestedName: name)
    }
}
