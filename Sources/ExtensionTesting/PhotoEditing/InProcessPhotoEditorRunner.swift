import AppExtensions
import Foundation
import PhotoEditing

/// Runs a photo editor in this process: a new controller per edit, driven on the main actor
/// in Apple's order, as in an extension process.
public struct InProcessPhotoEditorRunner: PhotoEditorRunner {
    private let makeDriver: @MainActor @Sendable (ExtensionContext) -> ContentEditingDriver

    /// A runner that makes a new controller from `makeController` for each edit.
    public init<Controller: ContentEditingController>(_ makeController: @escaping @MainActor @Sendable () -> Controller) {
        makeDriver = { ContentEditingDriver(context: $0, makeController: makeController) }
    }

    public func edit(_ image: URL, adjustmentData: AdjustmentData?, action: PhotoEditorRun.Action) async -> PhotoEditorRun {
        let context = ExtensionContext(inputItems: [], connection: HarnessConnection(acknowledgesAsExpired: false))
        let driver = await MainActor.run { makeDriver(context) }
        var run = PhotoEditorRun(ending: .failed("not started"))
        let (canHandle, confirm, started) = await MainActor.run { () -> (Bool?, Bool?, Result<Void, ContentEditingError>) in
            let canHandle = adjustmentData.map { driver.canHandle($0) }
            let input = ContentEditingInput(fullSizeImageURL: image, displaySizeImageURL: image,
                                            adjustmentData: canHandle == true ? adjustmentData : nil,
                                            uniformTypeIdentifier: "public.jpeg")
            do throws(ContentEditingError) {
                return (canHandle, try driver.start(input, placeholderPath: image.path), .success(()))
            } catch {
                return (canHandle, nil, .failure(error))
            }
        }
        run.canHandle = canHandle
        run.shouldShowCancelConfirmation = confirm
        if confirm != nil { run.title = await MainActor.run { driver.title } }
        if case .failure(let error) = started {
            run.ending = .failed(error.message)
            return run
        }
        run.ending = await end(driver, action)
        return run
    }

    /// Done or Cancel, and what came of it.
    private func end(_ driver: ContentEditingDriver, _ action: PhotoEditorRun.Action) async -> PhotoEditorRun.Ending {
        switch action {
        case .cancel:
            return await MainActor.run {
                do throws(ContentEditingError) { try driver.cancel() } catch { return .failed(error.message) }
                return .cancelled
            }
        case .done:
            let output: ContentEditingOutput?? = await withCheckedContinuation { continuation in
                Task { @MainActor in
                    do {
                        try driver.finish { continuation.resume(returning: .some($0)) }
                    } catch {
                        continuation.resume(returning: .none)
                    }
                }
            }
            guard let output, let output else { return .failed("finishContentEditing gave no output") }
            defer { try? FileManager.default.removeItem(at: output.renderedContentURL) }
            guard let data = output.adjustmentData else { return .failed("the output has no adjustment data (it is required)") }
            guard let content = FileManager.default.contents(atPath: output.renderedContentURL.path) else {
                return .failed("nothing was written to renderedContentURL")
            }
            return .rendered(.init(adjustmentData: data, content: content))
        }
    }
}
