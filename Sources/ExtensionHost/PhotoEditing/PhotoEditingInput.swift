import ExtensionIPC
import ExtensionWire
import Foundation
import PhotoEditing

/// What the host hands a photo editor: the full-size image, a display-size copy and, when
/// the editor can handle it, the stored adjustment data.
public struct PhotoEditingInput: Sendable {
    /// The image to render from: the original with ``adjustmentData``, else the photo as
    /// it looks now.
    public var fullSizeImage: URL
    /// A copy no larger than a screen, for the editor's preview.
    public var displaySizeImage: URL
    /// The last edit, which the editor said it can handle.
    public var adjustmentData: AdjustmentData?
    /// The full-size image's type.
    public var uniformTypeIdentifier: String
    /// Its EXIF orientation (1 is upright).
    public var orientation: Int32

    /// An input.
    public init(fullSizeImage: URL, displaySizeImage: URL, adjustmentData: AdjustmentData?,
                uniformTypeIdentifier: String, orientation: Int32 = 1) {
        self.fullSizeImage = fullSizeImage
        self.displaySizeImage = displaySizeImage
        self.adjustmentData = adjustmentData
        self.uniformTypeIdentifier = uniformTypeIdentifier
        self.orientation = orientation
    }
}

/// How the start of an edit went.
public enum PhotoEditStart: Hashable, Sendable {
    /// The editor started: whether cancelling needs the user's confirmation, and the
    /// editor's title (a view controller's), for the host to show.
    case ready(shouldShowCancelConfirmation: Bool, title: String?)
    /// The editor could not start (it could not read the placeholder image).
    case failed(String)
}

/// How an edit ended, as the editor said.
public enum PhotoEditEnding: Sendable {
    /// The editor rendered the photo.
    case rendered(RenderedEdit)
    /// The user cancelled and the editor cleaned up.
    case cancelled
    /// The editor gave no usable output.
    case failed(String)
}

/// The editor's rendered photo: its adjustment data and the file it wrote, readable while
/// this value lives. The file is the extension's: copy it before trusting what it holds.
public final class RenderedEdit: Sendable {
    /// The edit, in the editor's format.
    public let adjustmentData: AdjustmentData
    /// The rendered file, read-only (`/proc/self/fd/N`), valid while this value lives.
    public var fileURL: URL { WireFiles.url(of: descriptor) }
    let descriptor: OwnedFileDescriptor

    init(adjustmentData: AdjustmentData, descriptor: OwnedFileDescriptor) {
        self.adjustmentData = adjustmentData
        self.descriptor = descriptor
    }
}
