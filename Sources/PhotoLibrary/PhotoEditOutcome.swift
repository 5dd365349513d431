import ExtensionHost
import Foundation
import PhotoEditing

/// How one edit went: what the editor got, what it gave back, and what became of the
/// photo.
public struct PhotoEditOutcome: Sendable {
    /// What the edit came to.
    public enum Result: Hashable, Sendable {
        /// The editor rendered the photo and the photo now shows it.
        case edited
        /// The user cancelled; the photo is as it was.
        case cancelled
        /// The editor said it could not edit (no output, no adjustment data, no
        /// placeholder); the photo is as it was.
        case failed
        /// The editor's output is not a whole JPEG (or is too large); the photo is as it was.
        case refused
        /// The run ended before the editor answered (``RunFailure``); the photo is as it was.
        case ended(RunFailure)

        /// The name `--json` prints (`edited`, `timed-out`, the error's code).
        public var name: String {
            switch self {
            case .edited: "edited"
            case .cancelled: "cancelled"
            case .failed: "failed"
            case .refused: "refused"
            case .ended(let failure): failure.name
            }
        }
    }

    /// The photo's resolved path.
    public var photo: String
    /// The editor's identifier.
    public var editor: String
    /// What the edit came to.
    public var result: Result
    /// Whether the editor resumed: it could handle the stored adjustment data, so it got
    /// the original and that data (else the photo as it looked, and no data).
    public var resumed: Bool
    /// The stored edit the editor was asked about, when the photo had one.
    public var previousAdjustment: AdjustmentData?
    /// The new edit, with ``Result/edited``.
    public var adjustmentData: AdjustmentData?
    /// Whether the editor asked for a confirmation before a cancel.
    public var shouldShowCancelConfirmation: Bool?
    /// The editor's title (a view controller's), when it has one.
    public var editorTitle: String?
    /// Why, when the edit did not apply.
    public var message: String?
    /// From launch to the end.
    public var duration: Duration
}
