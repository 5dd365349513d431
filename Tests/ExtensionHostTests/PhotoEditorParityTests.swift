import AppExtensions
import ExtensionHost
import ExtensionManifest
import ExtensionTesting
import ExtensionUI
import Foundation
import HostTestSupport
import PhotoEditing
import Testing

/// The same photo editing test body against an in-process editor and the sandboxed child
/// process: Apple's canHandle, a resumed edit, Cancel.
@Suite("Photo editor parity")
struct PhotoEditorParityTests {
    /// The in-process twin of the fixture's photo editor (`echo`): it counts edits in its
    /// adjustment data and renders a copy of the full-size image.
    final class CountingEditor: UIViewController, ContentEditingController {
        var input: ContentEditingInput?
        var edits = 0

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Fixture Editor"
        }

        func canHandle(_ adjustmentData: AdjustmentData) -> Bool {
            adjustmentData.formatIdentifier == "com.appex.fixture" && adjustmentData.formatVersion == "1"
        }

        func startContentEditing(with contentEditingInput: ContentEditingInput, placeholderImage: EditingImage) {
            input = contentEditingInput
            let previous = contentEditingInput.adjustmentData.flatMap { try? JSONDecoder().decode([String: Int].self, from: $0.data) }
            edits = (previous?["edits"] ?? 0) + 1
        }

        func finishContentEditing(completionHandler: @escaping @Sendable (ContentEditingOutput?) -> Void) {
            guard let input, let source = input.fullSizeImageURL else { return completionHandler(nil) }
            let output = ContentEditingOutput(contentEditingInput: input)
            output.adjustmentData = AdjustmentData(formatIdentifier: "com.appex.fixture", formatVersion: "1",
                                                   data: Data("{\"edits\":\(edits)}".utf8))
            FileManager.default.createFile(atPath: output.renderedContentURL.path, contents: FileManager.default.contents(atPath: source.path))
            completionHandler(output)
        }

        func cancelContentEditing() {
            input = nil
        }

        var shouldShowCancelConfirmation: Bool { true }
    }

    /// Examples/Darkroom/Sample.jpg.
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/Darkroom/Sample.jpg")

    static func edits(_ run: PhotoEditorRun) -> Int? {
        run.rendered.flatMap { try? JSONDecoder().decode([String: Int].self, from: $0.adjustmentData.data) }?["edits"]
    }

    /// The shared body.
    static func checkEdits(_ runner: some PhotoEditorRunner) async throws {
        let original = try Data(contentsOf: sample)
        let first = await runner.edit(sample, adjustmentData: nil, action: .done)
        #expect(first.canHandle == nil)
        #expect(first.shouldShowCancelConfirmation == true)
        #expect(first.title == "Fixture Editor", "the view controller's title, after its view loaded")
        #expect(first.rendered?.content == original)
        #expect(edits(first) == 1)

        let data = try #require(first.rendered?.adjustmentData)
        let resumed = await runner.edit(sample, adjustmentData: data, action: .done)
        #expect(resumed.canHandle == true)
        #expect(edits(resumed) == 2)

        let other = AdjustmentData(formatIdentifier: "com.example.other", formatVersion: "1", data: Data("{\"edits\":5}".utf8))
        let fresh = await runner.edit(sample, adjustmentData: other, action: .done)
        #expect(fresh.canHandle == false)
        #expect(edits(fresh) == 1)

        let cancelled = await runner.edit(sample, adjustmentData: nil, action: .cancel)
        #expect(cancelled.isCancelled, "\(cancelled.ending)")
        #expect(cancelled.rendered == nil)
    }

    @Test("a photo editor passes the same test in both runners", arguments: ParityRunner.all)
    func edits(_ kind: ParityRunner) async throws {
        switch kind {
        case .inProcess:
            try await Self.checkEdits(InProcessPhotoEditorRunner { CountingEditor() })
        case .childProcess(let sandbox):
            try requireSandbox(sandbox)
            let fixture = try FixtureInstallation.make(point: ExtensionPoint.photoEditing, identifier: "com.example.fixture.Editor",
                                                       attributes: ["PHSupportedMediaTypes": ["Image"]])
            defer { fixture.remove() }
            let runner = ChildProcessPhotoEditorRunner(fixture.installed, options: FixtureInstallation.options("echo", sandbox: sandbox),
                                                       timeout: .seconds(120))
            try await Self.checkEdits(runner)
        }
    }
}
