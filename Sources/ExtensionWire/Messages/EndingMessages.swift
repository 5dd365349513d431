/// Extension → host: `completeRequest(returningItems:)`, with the returned items'
/// values carried eagerly (the extension may be gone when the host reads them). Files
/// travel as the frame's descriptors.
public struct CompleteRequest: Codable, Hashable, Sendable {
    /// One returned item.
    public struct Item: Codable, Hashable, Sendable {
        /// The item's texts and userInfo; ``WireItem/attachments`` describe the providers.
        public var item: WireItem
        /// For each attachment, its representations in fidelity order.
        public var attachments: [[Representation]]

        /// Creates an item.
        public init(item: WireItem, attachments: [[Representation]]) {
            self.item = item
            self.attachments = attachments
        }
    }

    /// One representation of a returned attachment: a type and its value (or why the
    /// extension could not produce it).
    public struct Representation: Codable, Hashable, Sendable {
        /// The registered type identifier.
        public var typeIdentifier: String
        /// The value; `nil` with ``error`` when loading it failed in the extension.
        public var value: WireValue?
        /// Why the value is missing.
        public var error: WireError?

        /// Creates a representation.
        public init(typeIdentifier: String, value: WireValue?, error: WireError? = nil) {
            self.typeIdentifier = typeIdentifier
            self.value = value
            self.error = error
        }
    }

    /// The returned items.
    public var items: [Item]

    /// Creates a completion.
    public init(items: [Item]) {
        self.items = items
    }
}

/// Host → extension: the host has the completed items; `expired` when the grace period
/// ran out first.
public struct CompleteAcknowledgement: Codable, Hashable, Sendable {
    /// Apple's `expired` flag for the completion handler.
    public var expired: Bool

    /// Creates an acknowledgement.
    public init(expired: Bool) {
        self.expired = expired
    }
}

/// Extension → host: `cancelRequest(withError:)`.
public struct CancelRequest: Codable, Hashable, Sendable {
    /// The error the extension gave.
    public var error: WireError

    /// Creates a cancellation.
    public init(error: WireError) {
        self.error = error
    }
}

/// Extension → host: `open(_:completionHandler:)` for a URL the context allowed.
public struct OpenURLRequest: Codable, Hashable, Sendable {
    /// Chosen by the extension; the reply carries it back.
    public var requestID: Int
    /// The URL.
    public var url: String

    /// Creates a request.
    public init(requestID: Int, url: String) {
        self.requestID = requestID
        self.url = url
    }
}

/// Host → extension: whether the URL was opened.
public struct OpenURLReply: Codable, Hashable, Sendable {
    /// The request's ``OpenURLRequest/requestID``.
    public var requestID: Int
    /// Whether the host opened it.
    public var opened: Bool

    /// Creates a reply.
    public init(requestID: Int, opened: Bool) {
        self.requestID = requestID
        self.opened = opened
    }
}

/// Extension → host: the extension misused its context (completed twice, a refused URL).
public struct Misuse: Codable, Hashable, Sendable {
    /// The ``ExtensionContextError`` code's name.
    public var code: String
    /// What happened.
    public var message: String

    /// Creates a report.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}
