/// Extension → host: load one representation of one input attachment.
package struct LoadRequest: Codable, Hashable, Sendable {
    /// What the extension wants: a value (`loadItem`), bytes, a file, or the preview image.
    package enum Representation: String, Codable, Hashable, Sendable {
        /// `loadItem(forTypeIdentifier:options:)`: the registered value.
        case item
        /// `loadDataRepresentation(forTypeIdentifier:)`: bytes.
        case data
        /// `loadFileRepresentation` / `loadInPlaceFileRepresentation`: a file, as a descriptor.
        case file
        /// `loadPreviewImage(options:)`.
        case previewImage
    }

    /// Chosen by the extension; the reply carries it back.
    package var loadID: Int
    /// The input item's index.
    package var itemIndex: Int
    /// The attachment's index within the item.
    package var attachmentIndex: Int
    /// The type identifier asked for (ignored for the preview image).
    package var typeIdentifier: String
    /// What form the extension wants.
    package var representation: Representation

    /// Creates a request.
    package init(loadID: Int, itemIndex: Int, attachmentIndex: Int, typeIdentifier: String, representation: Representation) {
        self.loadID = loadID
        self.itemIndex = itemIndex
        self.attachmentIndex = attachmentIndex
        self.typeIdentifier = typeIdentifier
        self.representation = representation
    }
}

/// Host → extension: the answer to a ``LoadRequest``: a value, a file (descriptor 0 of
/// the frame, read-only), or an error.
package struct LoadReply: Codable, Hashable, Sendable {
    /// The request's ``LoadRequest/loadID``.
    package var loadID: Int
    /// The value, when the load succeeded.
    package var value: WireValue?
    /// The error, when it failed.
    package var error: WireError?
    /// Whether a file is the original handed in place (Apple's `isInPlace`).
    package var isInPlace: Bool

    /// A successful reply.
    package init(loadID: Int, value: WireValue, isInPlace: Bool = false) {
        self.loadID = loadID
        self.value = value
        self.isInPlace = isInPlace
    }

    /// A failed reply.
    package init(loadID: Int, error: WireError) {
        self.loadID = loadID
        self.error = error
        isInPlace = false
    }
}
