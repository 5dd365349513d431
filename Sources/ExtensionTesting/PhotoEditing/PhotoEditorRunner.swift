import Foundation
import PhotoEditing

/// Runs one edit of a photo editor as the photo library does — the same test body in this
/// process (``InProcessPhotoEditorRunner``) and in a child process
/// (``ChildProcessPhotoEditorRunner``).
///
/// ```swift
/// func checkResumes(_ runner: some PhotoEditorRunner) async throws {
///     let first = await runner.edit(photo, adjustmentData: nil, action: .done)
///     let data = try #require(first.rendered?.adjustmentData)
///     let second = await runner.edit(photo, adjustmentData: data, action: .done)
///     #expect(second.canHandle == true)
/// }
/// ```
public protocol PhotoEditorRunner: Sendable {
    /// Edits the image at `image` (its display-size image is the same file). With
    /// `adjustmentData`, the editor is asked whether it can handle it and, if it can, gets
    /// it; then the user taps `action`.
    func edit(_ image: URL, adjustmentData: AdjustmentData?, action: PhotoEditorRun.Action) async -> PhotoEditorRun
}

/// How one edit went.
public struct PhotoEditorRun: Sendable {
    /// What the user taps once the editor has started.
    public enum Action: Sendable {
        /// Done: `finishContentEditing(completionHandler:)`.
        case done
        /// Cancel: `cancelContentEditing()`.
        case cancel
    }

    /// The editor's output.
    public struct Rendered: Sendable {
        /// The edit, in the editor's format.
        public var adjustmentData: AdjustmentData
        /// The bytes it wrote to `renderedContentURL`.
        public var content: Data
    }

    /// How the edit ended.
    public enum Ending: Sendable {
        /// The editor rendered the photo.
        case rendered(Rendered)
        /// The user cancelled and the editor cleaned up.
        case cancelled
        /// The editor gave no output (or no adjustment data, or could not make its placeholder).
        case failed(String)
        /// The run ended before the editor answered (it crashed, timed out, broke the protocol).
        case ended(String)
    }

    /// The editor's `canHandle(_:)` of the adjustment data, when there was any.
    public var canHandle: Bool?
    /// Its `shouldShowCancelConfirmation` once started.
    public var shouldShowCancelConfirmation: Bool?
    /// Its title once started, when it is a view controller with one.
    public var title: String?
    /// How it ended.
    public var ending: Ending

    /// Whether the edit ended with ``Ending/cancelled``.
    public var isCancelled: Bool {
        if case .cancelled = ending { return true }
        return false
    }

    /// The output, with ``Ending/rendered(_:)``.
    public var rendered: Rendered? {
        if case .rendered(let rendered) = ending { return rendered }
        return nil
    }
}
