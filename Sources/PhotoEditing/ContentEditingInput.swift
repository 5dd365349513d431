import ExtensionUI
import Foundation

/// The photo an editor is asked to edit: Apple's `PHContentEditingInput`.
///
/// ``fullSizeImageURL`` is the image to render from; ``displaySizeImageURL`` a smaller copy
/// for the editor's preview. Both are read-only. When ``adjustmentData`` is set, the full
/// size image is the original and the data describes the last edit, which the editor said
/// it can handle; when it is `nil`, the image is the photo as it looks now.
public final class ContentEditingInput: Sendable {
    /// What kind of media the input is (Apple's `PHAssetMediaType`).
    public enum MediaType: Int, Codable, Hashable, Sendable {
        /// Not known.
        case unknown = 0
        /// A still image, the one kind Appex edits.
        case image = 1
        /// A video.
        case video = 2
        /// Audio.
        case audio = 3
    }

    /// The image at full size, read-only.
    public let fullSizeImageURL: URL?
    /// A copy no larger than a screen, for the editor's preview, read-only (the Compat
    /// module's `displaySizeImage` reads it as a `UIImage`).
    public let displaySizeImageURL: URL?
    /// The last edit, when the editor can handle it; the full-size image is then the
    /// original.
    public let adjustmentData: AdjustmentData?
    /// The full-size image's type, such as `public.jpeg`.
    public let uniformTypeIdentifier: String?
    /// The full-size image's EXIF orientation (1 is upright), as Apple's
    /// `fullSizeImageOrientation`.
    public let fullSizeImageOrientation: Int32
    /// The kind of media.
    public let mediaType: MediaType

    /// An input; the runtime makes it from the host's message, a test directly.
    public init(fullSizeImageURL: URL?, displaySizeImageURL: URL?, adjustmentData: AdjustmentData?,
                uniformTypeIdentifier: String?, fullSizeImageOrientation: Int32 = 1, mediaType: MediaType = .image) {
        self.fullSizeImageURL = fullSizeImageURL
        self.displaySizeImageURL = displaySizeImageURL
        self.adjustmentData = adjustmentData
        self.uniformTypeIdentifier = uniformTypeIdentifier
        self.fullSizeImageOrientation = fullSizeImageOrientation
        self.mediaType = mediaType
    }
}

extension ContentEditingInput {
    /// The display-size image, as Apple's `displaySizeImage`.
    public var displaySizeImage: UIImage? {
        displaySizeImageURL.flatMap { UIImage(contentsOfFile: $0.path) }
    }
}
