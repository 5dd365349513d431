/// What a host offers the share sheet, described the way activation rules see it.
///
/// Activation never loads an item: it looks only at each attachment's registered type
/// identifiers (in fidelity order) and, for URLs, at the URL itself when the host knows it
/// (a web page is an `http(s)` URL; a `mailto:` URL is not). The same description builds
/// the object a predicate rule is evaluated against (docs/ACTIVATION.md, ruling
/// 15) and feeds the dictionary rule's kinds.
public struct ActivationPayload: Hashable, Sendable, Codable {
    /// The extension items, in the order the host sends them.
    public var items: [Item]

    /// Creates a payload.
    public init(items: [Item]) { self.items = items }

    /// Every attachment of every item, in order.
    public var attachments: [Attachment] { items.flatMap(\.attachments) }

    /// One extension item (`NSExtensionItem`): a title, content text and attachments.
    public struct Item: Hashable, Sendable, Codable {
        /// The item's title (`attributedTitle`), when the host gives one.
        public var title: String?
        /// The item's content text (`attributedContentText`); Safari puts the page title here.
        public var contentText: String?
        /// The item's attachments: things to post, not alternate formats of one thing.
        public var attachments: [Attachment]

        /// Creates an item.
        public init(title: String? = nil, contentText: String? = nil, attachments: [Attachment]) {
            self.title = title
            self.contentText = contentText
            self.attachments = attachments
        }
    }

    /// One attachment (`NSItemProvider`) as activation sees it.
    public struct Attachment: Hashable, Sendable, Codable {
        /// The registered type identifiers, most faithful first.
        public var registeredTypeIdentifiers: [String]
        /// The URL this attachment carries, when known (`https://…`, `file:///…`).
        public var url: String?
        /// The file name a receiver should use (`suggestedName`), when known.
        public var suggestedName: String?

        /// Creates an attachment.
        public init(_ registeredTypeIdentifiers: [String], url: String? = nil, suggestedName: String? = nil) {
            self.registeredTypeIdentifiers = registeredTypeIdentifiers
            self.url = url
            self.suggestedName = suggestedName
        }

        /// The URL's scheme, lowercased, when a URL is known.
        public var urlScheme: String? {
            guard let url, let colon = url.firstIndex(of: ":") else { return nil }
            let scheme = url[..<colon]
            guard let first = scheme.first, first.isLetter,
                  scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
            else { return nil }
            return scheme.lowercased()
        }
    }
}

extension ActivationPayload: CustomStringConvertible {
    /// A one-line summary: `1 item: [public.url] [public.plain-text]`.
    public var description: String {
        let parts = items.map { item in
            item.attachments.map { "[" + $0.registeredTypeIdentifiers.joined(separator: ", ") + "]" }
                .joined(separator: " ")
        }
        let head = items.count == 1 ? "1 item" : "\(items.count) items"
        return parts.isEmpty ? head : head + ": " + parts.joined(separator: " | ")
    }
}
