import AppExtensions
import ExtensionTesting
import FileTypeSniffing
import Foundation
import Testing

/// The example extension, tested through the harness. Each test body takes a runner, so
/// the child-process runner can be added to `runners` and run the same checks.
@Suite struct UppercaseExtensionTests {
    static let runners: [any ExtensionRunner] = [InProcessRunner { UppercaseExtension() }]

    func text(of items: [ExtensionItem]) async throws -> String {
        let provider = try #require(items.first?.attachments?.first)
        return try await provider.loadItem(forTypeIdentifier: "public.plain-text", as: String.self)
    }

    @Test(arguments: runners)
    func uppercasesSharedText(_ runner: any ExtensionRunner) async throws {
        let harness = ExtensionHarness(runner: runner)
        let result = try await harness.run(fixtures: [.url(link("https://swift.org")), .text("hello, world")])
        let items = try result.completedItems()
        #expect(items.count == 1)
        #expect(items.first?.attributedTitle?.string == "Uppercased")
        #expect(try await text(of: items) == "HELLO, WORLD")
    }

    @Test(arguments: runners)
    func uppercasesTextFromNotes(_ runner: any ExtensionRunner) async throws {
        let result = try await ExtensionHarness(runner: runner).run(preset: "notes-text")
        #expect(try await text(of: try result.completedItems()) == SampleContent.text.uppercased())
    }

    @Test(arguments: runners)
    func cancelsWhenNothingIsText(_ runner: any ExtensionRunner) async throws {
        let result = try await ExtensionHarness(runner: runner).run(preset: "safari-page")
        let error = try result.cancellationError()
        #expect(error.domain == "com.example.uppercase")
        #expect(error.code == 1)
        #expect((error.userInfo[ExtensionContext.itemsAndErrorsKey] as? [ExtensionItem: NSError])?.count == 1)
    }
}

@Suite struct HarnessTests {
    @Test func aSilentExtensionTimesOut() async {
        let result = await ExtensionHarness(timeout: 0.2) { SilentExtension() }.run([])
        guard case .timedOut(let seconds) = result.outcome else {
            Issue.record("expected a timeout, got \(result.outcome)")
            return
        }
        #expect(seconds == 0.2)
        #expect(throws: ExtensionRunError.self) { try result.completedItems() }
    }

    @Test func misusesAndOpenedURLsAreRecorded() async throws {
        let configuration = ExtensionContext.Configuration(containingAppURLSchemes: ["example-app"])
        let result = await ExtensionHarness(configuration: configuration) { SloppyExtension() }.run([])
        #expect(try result.completedItems().isEmpty)
        // The misuses are reported synchronously, before the second completeRequest returns.
        #expect(result.openedURLs == [link("example-app://done")])
        #expect(result.misuses.map(\.code).contains(.openURLRefused))
    }

    @Test func photosPresetOffersFileBackedJPEGsAndHEICData() async throws {
        let inputs = try ExtensionInputs.preset("photos:3")
        defer { inputs.removeFiles() }
        let attachments = try #require(inputs.items.first?.attachments)
        #expect(inputs.items.count == 1)
        #expect(attachments.map(\.registeredTypeIdentifiers) == Array(repeating: ["public.jpeg", "public.heic"], count: 3))
        #expect(attachments.map(\.suggestedName) == ["IMG_1001.JPG", "IMG_1002.JPG", "IMG_1003.JPG"])
        let url = try #require(try await attachments[0].loadItem(forTypeIdentifier: "public.image") as? URL)
        #expect(url.isFileURL)
        #expect(try Data(contentsOf: url) == SampleContent.jpeg)
        let heic = try await attachments[0].loadDataRepresentation(forTypeIdentifier: "public.heic")
        #expect(heic.dropFirst(4).prefix(8) == Data("ftypheic".utf8))
    }

    @Test func safariJavaScriptPresetCarriesResults() async throws {
        let inputs = try ExtensionInputs.preset("safari-page-js")
        defer { inputs.removeFiles() }
        let item = try #require(inputs.items.first)
        #expect(item.attributedContentText?.string == "Swift.org - Welcome to Swift.org")
        let provider = try #require(item.attachments?.first)
        let value = try await provider.loadValue(forTypeIdentifier: "com.apple.property-list")
        guard case .dictionary(let outer) = value, case .dictionary(let results)? = outer["NSExtensionJavaScriptPreprocessingResultsKey"] else {
            Issue.record("expected the JavaScript results dictionary, got \(value)")
            return
        }
        #expect(results["URL"] == "https://www.swift.org/")
        #expect(try await provider.loadItem(forTypeIdentifier: "public.url", as: URL.self) == URL(string: "https://www.swift.org/"))
    }

    @Test func filesPresetSharesARealPDF() async throws {
        let inputs = try ExtensionInputs.preset("files-pdf")
        defer { inputs.removeFiles() }
        let provider = try #require(inputs.items.first?.attachments?.first)
        let fileURL = try await provider.loadItem(forTypeIdentifier: "public.file-url", as: URL.self)
        #expect(FileManager.default.fileExists(atPath: fileURL.path))
        let data = try await provider.loadDataRepresentation(forTypeIdentifier: "com.adobe.pdf")
        #expect(data.starts(with: Data("%PDF-1.4".utf8)))
        inputs.removeFiles()
        #expect(!FileManager.default.fileExists(atPath: fileURL.path))
    }

    @Test func anUnknownPresetIsAnError() async {
        await #expect(throws: ExtensionInputError.self) { _ = try await ExtensionHarness { SilentExtension() }.run(preset: "no-such-host") }
    }

    @Test(arguments: [("public.jpeg", "jpg"), ("public.png", "png"), ("com.adobe.pdf", "pdf")])
    func generatedSamplesAreRecognisedByContent(_ type: String, _ ext: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.file("sample", SampleContent.data(for: type))
        let provider = try #require(ItemProvider(contentsOf: file, detector: .sniffing))
        #expect(provider.registeredTypeIdentifiers.first == type)
    }
}
