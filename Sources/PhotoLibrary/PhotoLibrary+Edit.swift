import AppExtensions
import ExtensionHost
import Foundation
import Imaging
import PhotoEditing
import SystemSupport

extension PhotoLibrary {
    /// What the user does once the editor has started.
    public enum UserAction: Sendable {
        /// Done: the editor renders, and the photo shows the edit.
        case done
        /// Cancel: the editor discards the edit.
        case cancel
    }

    /// Edits the photo at `path` with `editor`, the user tapping `action` once it has
    /// started. The photo shows the edit only with ``PhotoEditOutcome/Result/edited``;
    /// every other outcome leaves it as it was. Throws when the photo cannot be edited at
    /// all (not an image, another edit in progress, the store failing).
    public func edit(_ path: String, with editor: InstalledExtension, action: UserAction = .done) async throws(PhotoLibraryError) -> PhotoEditOutcome {
        guard Self.editsImages(editor) else {
            throw PhotoLibraryError(.notAnEditor, "\(editor.identifier) is not an enabled photo editing extension that edits images (PHSupportedMediaTypes holding Image)")
        }
        return try await exclusively { () async throws(PhotoLibraryError) -> PhotoEditOutcome in
            let store = self.store
            let photo = try await Self.blocking("read \(path)") { try PhotoFile.read(path) }
            let record = try await Self.blocking("open the edit store") { () throws -> PhotoEditRecord in
                try store.sweep()
                return try Self.settle(photo, in: store)
            }
            let work = store.directory.appendingPathComponent(".work-\(UUID().uuidString)", isDirectory: true)
            defer { try? FileManager.default.removeItem(at: work) }
            try await Self.blocking("make a work folder") { try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true) }
            let started = ContinuousClock.now
            var outcome = PhotoEditOutcome(photo: photo.path, editor: editor.identifier, result: .failed, resumed: false,
                                           previousAdjustment: record.current?.adjustmentData, duration: .zero)
            let ending = await run(editor, on: record, action: action, work: work, outcome: &outcome)
            if case .rendered(let adjustmentData, let rendered, let base) = ending {
                try await apply(rendered, adjustmentData, base: base, by: editor, to: photo, record: record, work: work)
                outcome.result = .edited
                outcome.adjustmentData = adjustmentData
            }
            outcome.duration = started.duration(to: .now)
            return outcome
        }
    }

    /// How a run came out, with the editor's output copied into the work folder.
    private enum RunEnding {
        case rendered(AdjustmentData, URL, base: String)
        case other
    }

    /// Runs `editor` over the record's photo: asks about the stored edit, starts it, taps
    /// `action`, copies and checks what it rendered. Records in `outcome` whether it
    /// resumed, whether it asks before a cancel, and, unless it rendered, how it ended.
    private func run(_ editor: InstalledExtension, on record: PhotoEditRecord, action: UserAction, work: URL,
                     outcome: inout PhotoEditOutcome) async -> RunEnding {
        let folder = store.folder(of: record)
        let (answerTimeout, renderTimeout) = (self.answerTimeout, self.renderTimeout)
        let configuration = ExtensionContext.Configuration(openURLPolicy: .none)
        return await host.withSession(editor, items: [], configuration: configuration) { session -> RunEnding in
            /// The edit did not render: how it ended, and why.
            func ended(_ result: PhotoEditOutcome.Result, _ message: String?) -> RunEnding {
                outcome.result = result
                outcome.message = message
                return .other
            }
            /// The run ended before the editor answered: its report says why.
            func runEnded() async -> RunEnding {
                session.end()
                guard case .failed(let error) = await session.report().outcome else {
                    return ended(.ended(.error(.protocolViolation)), "\(editor.identifier) ended its request instead of editing")
                }
                return ended(.ended(RunFailure(error)), error.message)
            }
            if let previous = record.current?.adjustmentData {
                guard let canHandle = await session.canHandle(previous, timeout: answerTimeout) else { return await runEnded() }
                outcome.resumed = canHandle
            }
            // Resuming: the edit's base (the original, unless its editor could not resume the
            // edit before it) and its data; else the photo as it looks, and no data.
            let resumed = outcome.resumed
            let baseName = resumed ? record.current?.baseName ?? record.originalName : record.current?.renderedName ?? record.originalName
            // A copy: an editor run without a sandbox could reopen the store's own file for
            // writing through the descriptor it is handed.
            let fullSize = work.appendingPathComponent("full-size." + (baseName as NSString).pathExtension)
            let display = work.appendingPathComponent("display.jpg")
            let base = folder.appendingPathComponent(baseName)
            guard await Offload.perform({ () -> Bool in
                (try? DurableFile.copy(base.path, over: fullSize.path, mode: 0o400)) != nil
                    && Thumbnailer.writeJPEG(of: fullSize, size: Self.displaySize, to: display)
            }) else {
                return ended(.ended(.error(.launchFailed)), "cannot make the full-size copy and display-size image of \(record.path)")
            }
            let showsOriginal = baseName == record.originalName
            let input = PhotoEditingInput(fullSizeImage: fullSize, displaySizeImage: display,
                                          adjustmentData: resumed ? record.current?.adjustmentData : nil,
                                          uniformTypeIdentifier: showsOriginal ? record.originalType : "public.jpeg",
                                          orientation: showsOriginal ? record.originalOrientation : 1)
            switch await session.beginEditing(input, timeout: answerTimeout) {
            case nil: return await runEnded()
            case .failed(let message)?: return ended(.failed, message)
            case .ready(let confirm, let title)?:
                outcome.shouldShowCancelConfirmation = confirm
                outcome.editorTitle = title
            }
            let answer = action == .done ? await session.finishEditing(timeout: renderTimeout)
                                         : await session.cancelEditing(timeout: answerTimeout)
            switch answer {
            case nil:
                return await runEnded()
            case .cancelled?:
                return ended(.cancelled, nil)
            case .failed(let message)?:
                return ended(.failed, "\(editor.identifier) gave no usable output: \(message)")
            case .rendered(let rendered)?:
                // Copied out of the editor's reach first, then checked: the editor can still
                // write to its own file while it runs.
                let copy = work.appendingPathComponent("rendered.jpg")
                let problem = await Offload.perform { () -> String? in
                    Self.takeRendered(rendered.fileURL, to: copy)
                }
                if let problem { return ended(.refused, "\(editor.identifier)'s output was refused: \(problem)") }
                return .rendered(rendered.adjustmentData, copy, base: baseName)
            }
        }
    }

    /// Copies the editor's rendered file to `copy` and checks it is a whole JPEG within the
    /// limits; the problem, or `nil`. Blocking.
    static func takeRendered(_ source: URL, to copy: URL) -> String? {
        do {
            try DurableFile.copy(source.path, over: copy.path, maximumSize: maximumRenderedSize, mode: 0o600)
        } catch {
            return error.message
        }
        switch ImageInspection.inspect(copy, maximumPixels: PhotoFile.maximumPixels) {
        case .success(let image) where image.isJPEG:
            return nil
        case .success(let image):
            return "it is not a JPEG (libvips reads it with \(image.loader)); photo editors render JPEG"
        case .failure(.tooLarge(let width, let height)):
            return "it is \(width)×\(height) pixels, more than \(PhotoFile.maximumPixels / 1_000_000) megapixels"
        case .failure(.unreadable):
            return "it is not a whole image (damaged, truncated, or not an image at all)"
        }
    }

    /// Makes the photo show `rendered`: the rendered file kept in the store, the edit
    /// recorded as pending, the photo replaced in one rename, the edit made current.
    private func apply(_ rendered: URL, _ adjustmentData: AdjustmentData, base: String, by editor: InstalledExtension, to photo: PhotoFile,
                       record: PhotoEditRecord, work: URL) async throws(PhotoLibraryError) {
        let store = self.store
        try await Self.blocking("apply the edit to \(photo.path)") {
            let folder = store.folder(of: record)
            let renderedName = "rendered-\(UUID().uuidString).jpg"
            let kept = folder.appendingPathComponent(renderedName)
            guard rename(rendered.path, kept.path) == 0 else {
                throw PhotoLibraryError(.store, "cannot keep the rendered photo in \(folder.path): \(SystemErrorText.text(errno))")
            }
            try DurableFile.syncFolder(folder.path)
            // The photo keeps its format: a JPEG takes the rendered bytes, another is converted.
            var content = kept
            if !photo.isJPEG {
                content = work.appendingPathComponent("photo.\(photo.suffix)")
                guard ImageConversion.convert(kept, to: content) else {
                    unlink(kept.path)
                    throw PhotoLibraryError(.store, "cannot write the edit as \(photo.typeIdentifier) for \(photo.path)")
                }
            }
            guard let digest = PhotoFile.digest(of: content.path) else {
                throw PhotoLibraryError(.store, "cannot read back \(content.path)")
            }
            let revision = PhotoRevision(renderedName: renderedName, baseName: base, photoDigest: digest,
                                         editorIdentifier: editor.identifier, adjustmentData: adjustmentData, createdAt: Date())
            try store.setPending(revision, for: photo.path)
            guard PhotoFile.digest(of: photo.path) == photo.digest else {
                try store.dropRevision(of: photo.path, .pending)
                unlink(kept.path)
                throw PhotoLibraryError(.changedMeanwhile, "\(photo.path) changed while \(editor.identifier) edited it; the edit was not applied")
            }
            try DurableFile.copy(content.path, over: photo.path)
            try store.promotePending(of: photo.path)
            var applied = record
            applied.current = revision
            store.prune(folder, keeping: applied.files)
        }
    }
}
