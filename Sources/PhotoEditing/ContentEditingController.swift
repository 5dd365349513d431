import ExtensionUI
import Foundation

/// What a photo editing extension's principal object does: Apple's
/// `PHContentEditingController`.
///
/// ```swift
/// final class SepiaViewController: ContentEditingController {
///     var input: ContentEditingInput?
///     func canHandle(_ adjustmentData: AdjustmentData) -> Bool {
///         adjustmentData.formatIdentifier == "com.example.sepia" && adjustmentData.formatVersion == "1.0"
///     }
///     func startContentEditing(with contentEditingInput: ContentEditingInput, placeholderImage: EditingImage) {
///         input = contentEditingInput
///     }
///     func finishContentEditing(completionHandler: @escaping @Sendable (ContentEditingOutput?) -> Void) {
///         let output = ContentEditingOutput(contentEditingInput: input!)
///         // … render input.fullSizeImageURL into output.renderedContentURL …
///         completionHandler(output)
///     }
///     func cancelContentEditing() {}
///     var shouldShowCancelConfirmation: Bool { false }
/// }
/// ```
///
/// The host calls everything on the main actor, in Apple's order: ``canHandle(_:)`` when the
/// photo has adjustment data, ``startContentEditing(with:placeholderImage:)``, then
/// ``finishContentEditing(completionHandler:)`` (Done) or ``cancelContentEditing()``
/// (Cancel, after asking the user when ``shouldShowCancelConfirmation`` is true). The
/// handler's first call counts; a later one is reported as a misuse.
@MainActor
public protocol ContentEditingController: AnyObject {
    /// The image type the placeholder is given as: ``EditingImage``, or the Compat
    /// module's `UIImage`, inferred from ``startContentEditing(with:placeholderImage:)``.
    associatedtype PlaceholderImage: ContentEditingImage

    /// Whether the editor can resume from `adjustmentData` (it reads that format and
    /// version), and so wants the original rather than the rendered photo.
    func canHandle(_ adjustmentData: AdjustmentData) -> Bool

    /// Editing begins: the photo, and its display-size image to show at once.
    func startContentEditing(with contentEditingInput: ContentEditingInput, placeholderImage: PlaceholderImage)

    /// The user tapped Done: render the photo and describe the edit, then call the handler
    /// once, from any thread, with the output (or `nil` when the edit failed).
    func finishContentEditing(completionHandler: @escaping @Sendable (ContentEditingOutput?) -> Void)

    /// The user cancelled: discard the edit and clean up.
    func cancelContentEditing()

    /// Whether cancelling would lose changes the user made, so the host asks first.
    var shouldShowCancelConfirmation: Bool { get }
}

/// An image type a placeholder can be made as, from the file the host handed over.
public protocol ContentEditingImage {
    /// The image in the file at `path`; `nil` when it is not an image of this type.
    init?(contentsOfFile path: String)
}

/// The display-size image as the file's bytes, for editors that need no decoded image.
public struct EditingImage: ContentEditingImage, Sendable {
    /// The file the host handed over.
    public let fileURL: URL
    /// Its bytes (a JPEG).
    public let data: Data

    public init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return nil }
        fileURL = URL(fileURLWithPath: path)
        self.data = data
    }
}

extension UIImage: ContentEditingImage {}
