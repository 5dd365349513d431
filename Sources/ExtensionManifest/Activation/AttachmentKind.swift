import TypeIdentifiers

/// What a dictionary activation rule counts an attachment as (docs/ACTIVATION.md,
/// ruling 9).
///
/// The cases are in the table's order: an attachment's **primary kind** is the first
/// case it matches, its **possible kinds** every case it matches.
public enum AttachmentKind: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// `public.url` with an http(s) URL (or a file: URL, for a page loaded from a file) and
    /// `com.apple.property-list`: a page the host ran JavaScript preprocessing on.
    case webPage = "web-page"
    /// A type conforming to `public.image`.
    case image
    /// A type conforming to `public.movie`.
    case movie
    /// A type conforming to `public.url` that is not a file URL (and an http(s) URL when
    /// the URL is known: Apple says "HTTP URLs").
    case webURL = "web-url"
    /// A type conforming to `public.text`, not handed as a file.
    case text
    /// Anything else: file URLs, PDFs, archives, data.
    case file

    /// The dictionary key that supports this kind.
    public var activationKey: String {
        switch self {
        case .webPage: "NSExtensionActivationSupportsWebPageWithMaxCount"
        case .image: "NSExtensionActivationSupportsImageWithMaxCount"
        case .movie: "NSExtensionActivationSupportsMovieWithMaxCount"
        case .webURL: "NSExtensionActivationSupportsWebURLWithMaxCount"
        case .text: "NSExtensionActivationSupportsText"
        case .file: "NSExtensionActivationSupportsFileWithMaxCount"
        }
    }

    /// The kind's name in explanations, singular (`image`, `web page`).
    public var noun: String {
        switch self {
        case .webPage: "web page"
        case .image: "image"
        case .movie: "movie"
        case .webURL: "web URL"
        case .text: "text"
        case .file: "file"
        }
    }

    /// The kind's name for a count (`3 images`, `1 web URL`).
    public func counted(_ n: Int) -> String {
        switch self {
        case .text: "\(n) text attachment" + (n == 1 ? "" : "s")
        default: "\(n) \(noun)" + (n == 1 ? "" : "s")
        }
    }

    public var description: String { rawValue }
}

/// How one attachment classifies, with the type that decided it.
public struct AttachmentClassification: Hashable, Sendable, Codable {
    /// The first kind in the table's order that the attachment matches.
    public var primary: AttachmentKind
    /// Every kind the attachment matches, in the table's order.
    public var possible: [AttachmentKind]
    /// The registered type that decided the primary kind (`public.jpeg` for an image).
    public var decidingType: String?

    /// Classifies an attachment by its registered types (and URL, when known).
    public init(_ attachment: ActivationPayload.Attachment, registry: TypeRegistry = .shared) {
        let ids = attachment.registeredTypeIdentifiers
        func first(_ parent: String, unless excluded: String? = nil) -> String? {
            ids.first { id in
                registry.conforms(id, to: parent) && !(excluded.map { registry.conforms(id, to: $0) } ?? false)
            }
        }
        let scheme = attachment.urlScheme
        let httpOrUnknown = scheme == nil || scheme == "http" || scheme == "https"
        let isHTTP = scheme == "http" || scheme == "https"
        let fileURL = first("public.file-url")
        let webURL = httpOrUnknown ? first("public.url", unless: "public.file-url") : nil
        var found: [(AttachmentKind, String)] = []
        // A page the host preprocessed: an http(s) one, or one it loaded from a file
        // (`appex share --page FILE`, docs/WEB-PAGES.md).
        let pageURL = isHTTP || scheme == "file" ? first("public.url", unless: "public.file-url") : nil
        if let url = pageURL, first("com.apple.property-list") != nil { found.append((.webPage, url)) }
        if let t = first("public.image") { found.append((.image, t)) }
        if let t = first("public.movie") { found.append((.movie, t)) }
        if let t = webURL { found.append((.webURL, t)) }
        if fileURL == nil, let t = first("public.text") { found.append((.text, t)) }
        // A file: anything handed as a file, any image or movie ("all types of files"), and
        // whatever matched nothing above. Web pages, web URLs and plain text are not files.
        let primaryBeforeFile = found.first?.0
        if fileURL != nil || primaryBeforeFile == nil || primaryBeforeFile == .image || primaryBeforeFile == .movie {
            found.append((.file, fileURL ?? ids.first ?? "public.data"))
        }
        self.primary = found[0].0
        self.possible = found.map(\.0)
        self.decidingType = found[0].1
    }
}
