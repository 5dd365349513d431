/// Extension → host: load one representation of one input attachment.
public struct LoadRequest: Codable, Hashable, Sendable {
    /// What the extension wants: a value (`loadItem`), bytes, a file, or the preview image.
    public enum Representation: String, Codable, Hashable, Sendable {
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
    public var loadID: Int
    /// The input item's index.
    public var itemIndex: Int
    /// The attachment's index within the item.
    public var attachmentIndex: Int
    /// The type identifier asked for (ignored for the preview image).
    public var typeIdentifier: String
    /// What form the extension wants.
    public var representation: Representation

    /// Creates a request.
    public init(loadID: Int, itemIndex: Int, attachmentIndex: Int, typeIdentifier: String, representation: Representation) {
        self.loadID = loadID
        self.itemIndex = itemIndex
        self.attachmentIndex = attachmentIndex
        self.typeIdentifier = typeIdentifier
        self.representation = representation
    }
}

/// Host → extension: the answer to a ``LoadRequest``: a value, a file (descriptor 0 of
/// the frame, read-only), or an error.
public struct LoadReply: Codable, Hashable, Sendable {
    /// The request's ``LoadRequest/loadID``.
    public var loadID: Int
    /// The value, when the load succeeded.
    public var value: WireValue?
    /// The error, when it failed.
    public var error: WireError?
    /// Whether a file is the original handed in place (Apple's `isInPlace`).
    public var isInPlace: Bool

    /// A successful reply.
    public init(loadID: Int, value: WireValue, isInPlace: Bool = false) {
        self.loadID = loadID
        self.value = value
        self.isInPlace = isInPlace
    }

    /// A failed reply.
    public init(loadID: Int, error: WireError) {
        self.loadID = loadID
        self.error = error
        isInPlace = false
    }
}
