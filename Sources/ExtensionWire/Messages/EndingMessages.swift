/// Extension → host: `completeRequest(returningItems:)`, with the returned items'
/// values carried eagerly (the extension may be gone when the host reads them). Files
/// travel as the frame's descriptors.
package struct CompleteRequest: Codable, Hashable, Sendable {
    /// One returned item.
    package struct Item: Codable, Hashable, Sendable {
        /// The item's texts and userInfo; ``WireItem/attachments`` describe the providers.
        package var item: WireItem
        /// For each attachment, its representations in fidelity order.
        package var attachments: [[Representation]]

        /// Creates an item.
        package init(item: WireItem, attachments: [[Representation]]) {
            self.item = item
            self.attachments = attachments
        }
    }

    /// One representation of a returned attachment: a type and its value (or why the
    /// extension could not produce it).
    package struct Representation: Codable, Hashable, Sendable {
        /// The registered type identifier.
        package var typeIdentifier: String
        /// The value; `nil` with ``error`` when loading it failed in the extension.
        package var value: WireValue?
        /// Why the value is missing.
        package var error: WireError?

        /// Creates a representation.
        package init(typeIdentifier: String, value: WireValue?, error: WireError? = nil) {
            self.typeIdentifier = typeIdentifier
            self.value = value
            self.error = error
        }
    }

    /// The returned items.
    package var items: [Item]

    /// Creates a completion.
    package init(items: [Item]) {
        self.items = items
    }
}

/// Host → extension: the host has the completed items; `expired` when the grace period
/// ran out first.
package struct CompleteAcknowledgement: Codable, Hashable, Sendable {
    /// Apple's `expired` flag for the completion handler.
    package var expired: Bool

    /// Creates an acknowledgement.
    package init(expired: Bool) {
        self.expired = expired
    }
}

/// Extension → host: `cancelRequest(withError:)`.
package struct CancelRequest: Codable, Hashable, Sendable {
    /// The error the extension gave.
    package var error: WireError

    /// Creates a cancellation.
    package init(error: WireError) {
        self.error = error
    }
}

/// Extension → host: `open(_:completionHandler:)` for a URL the context allowed.
package struct OpenURLRequest: Codable, Hashable, Sendable {
    /// Chosen by the extension; the reply carries it back.
    package var requestID: Int
    /// The URL.
    package var url: String

    /// Creates a request.
    package init(requestID: Int, url: String) {
        self.requestID = requestID
        self.url = url
    }
}

/// Host → extension: whether the URL was opened.
package struct OpenURLReply: Codable, Hashable, Sendable {
    /// The request's ``OpenURLRequest/requestID``.
    package var requestID: Int
    /// Whether the host opened it.
    package var opened: Bool

    /// Creates a reply.
    package init(requestID: Int, opened: Bool) {
        self.requestID = requestID
        self.opened = opened
    }
}

/// Extension → host: the extension misused its context (completed twice, a refused URL).
package struct Misuse: Codable, Hashable, Sendable {
    /// The ``ExtensionContextError`` code's name.
    package var code: String
    /// What happened.
    package var message: String

    /// Creates a report.
    package init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}
