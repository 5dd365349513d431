import AppExtensions
import ExtensionHost
import Foundation
import PhotoEditing

/// Runs an installed photo editor in its own (by default sandboxed) process, through the
/// same ``ExtensionSession`` calls the photo library (`appex edit`) makes.
public struct ChildProcessPhotoEditorRunner: PhotoEditorRunner {
    /// The editor to run.
    public var installed: InstalledExtension
    /// Launch options.
    public var options: LaunchOptions
    /// How long each step (canHandle, the start, Done or Cancel) may take.
    public var timeout: Duration

    /// A runner for `installed`.
    public init(_ installed: InstalledExtension, options: LaunchOptions = LaunchOptions(), timeout: Duration = .seconds(60)) {
        self.installed = installed
        self.options = options
        self.timeout = timeout
    }

    public func edit(_ image: URL, adjustmentData: AdjustmentData?, action: PhotoEditorRun.Action) async -> PhotoEditorRun {
        let host = ExtensionHost(catalog: FixedCatalog([installed]), options: options)
        let timeout = self.timeout
        return await host.withSession(installed, items: [], configuration: ExtensionContext.Configuration(openURLPolicy: .none)) { session in
            var run = PhotoEditorRun(ending: .failed("not started"))
            func ended() async -> PhotoEditorRun {
                session.end()
                let report = await session.report()
                if case .failed(let error) = report.outcome { run.ending = .ended("\(error.code.rawValue): \(error.message)") }
                else { run.ending = .ended("the request ended instead of editing") }
                return run
            }
            if let adjustmentData {
                guard let canHandle = await session.canHandle(adjustmentData, timeout: timeout) else { return await ended() }
                run.canHandle = canHandle
            }
            let input = PhotoEditingInput(fullSizeImage: image, displaySizeImage: image,
                                          adjustmentData: run.canHandle == true ? adjustmentData : nil,
                                          uniformTypeIdentifier: "public.jpeg")
            switch await session.beginEditing(input, timeout: timeout) {
            case nil: return await ended()
            case .failed(let message)?:
                run.ending = .failed(message)
                return run
            case .ready(let confirm, let title)?:
                run.shouldShowCancelConfirmation = confirm
                run.title = title
            }
            let answer = action == .done ? await session.finishEditing(timeout: timeout) : await session.cancelEditing(timeout: timeout)
            switch answer {
            case nil: return await ended()
            case .cancelled?: run.ending = .cancelled
            case .failed(let message)?: run.ending = .failed(message)
            case .rendered(let rendered)?:
                let content = await Offload.perform { FileManager.default.contents(atPath: rendered.fileURL.path) }
                run.ending = content.map { .rendered(.init(adjustmentData: rendered.adjustmentData, content: $0)) }
                    ?? .failed("the rendered file cannot be read")
            }
            return run
        }
    }
}
