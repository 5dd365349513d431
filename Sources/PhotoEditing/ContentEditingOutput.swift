import Foundation
import Synchronization

/// What an editor hands back when the user taps Done: Apple's `PHContentEditingOutput`.
///
/// The editor writes the edited photo, as JPEG, to ``renderedContentURL`` and describes
/// the edit in ``adjustmentData``; the host refuses an output without either, and one
/// whose file is not a whole JPEG image (the photo is then left as it was).
///
/// ```swift
/// let output = ContentEditingOutput(contentEditingInput: input)
/// try rendered.write(to: output.renderedContentURL)
/// output.adjustmentData = AdjustmentData(formatIdentifier: "com.example.sepia", formatVersion: "1.0", data: settings)
/// completionHandler(output)
/// ```
public final class ContentEditingOutput: Sendable {
    /// Where the editor writes the rendered photo: a new JPEG file name in the extension's
    /// temporary directory.
    public let renderedContentURL: URL
    private let adjustment: Mutex<AdjustmentData?>

    /// A new output for an edit of `contentEditingInput`.
    public init(contentEditingInput: ContentEditingInput) {
        renderedContentURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("rendered-\(UUID().uuidString).JPG")
        adjustment = Mutex(nil)
    }

    /// The edit, in the editor's format; required.
    public var adjustmentData: AdjustmentData? {
        get { adjustment.withLock { $0 } }
        set { adjustment.withLock { $0 = newValue } }
    }
}
