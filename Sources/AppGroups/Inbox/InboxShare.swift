import Foundation

/// A share an extension hands to its containing app through the ``ShareInbox``.
public struct InboxShare: Hashable, Sendable {
    /// Makes appending idempotent: appending a second share with the same key returns the
    /// first one's id and stores nothing. A new random key by default, so retrying an
    /// `append` of the same value after an uncertain failure never stores it twice.
    public var idempotencyKey: String
    /// The text the user typed or the extension produced (the compose sheet's `contentText`).
    public var text: String?
    /// The configuration items' choices, by title or key.
    public var configuration: [String: String]
    /// The bundle identifier of the extension that made the share.
    public var sourceExtensionIdentifier: String?
    /// The attachments, in order.
    public var attachments: [InboxAttachment]

    /// Creates a share.
    public init(text: String? = nil, configuration: [String: String] = [:], sourceExtensionIdentifier: String? = nil,
                attachments: [InboxAttachment] = [], idempotencyKey: String = UUID().uuidString) {
        self.text = text
        self.configuration = configuration
        self.sourceExtensionIdentifier = sourceExtensionIdentifier
        self.attachments = attachments
        self.idempotencyKey = idempotencyKey
    }
}

/// One attachment of an ``InboxShare``: a file, copied into the container when the share
/// is appended, or bytes stored in the inbox itself.
public struct InboxAttachment: Hashable, Sendable {
    /// Where the attachment's bytes come from.
    public enum Content: Hashable, Sendable {
        /// A regular file, copied into the group container by ``ShareInbox/append(_:)``.
        case file(URL)
        /// Bytes, stored in the database.
        case data(Data)
    }

    /// The bytes.
    public var content: Content
    /// The uniform type identifier of the bytes, such as `public.jpeg`.
    public var typeIdentifier: String
    /// A file name to show or to save under; for a file, its own name by default.
    public var suggestedName: String?

    /// A file attachment.
    public static func file(_ url: URL, typeIdentifier: String, suggestedName: String? = nil) -> InboxAttachment {
        InboxAttachment(content: .file(url), typeIdentifier: typeIdentifier,
                        suggestedName: suggestedName ?? url.lastPathComponent)
    }

    /// An inline attachment.
    public static func data(_ data: Data, typeIdentifier: String, suggestedName: String? = nil) -> InboxAttachment {
        InboxAttachment(content: .data(data), typeIdentifier: typeIdentifier, suggestedName: suggestedName)
    }
}
