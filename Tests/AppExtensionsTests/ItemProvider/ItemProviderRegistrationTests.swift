import Foundation
import Testing
import AppExtensions
import FileTypeSniffing
import TypeIdentifiers

@Suite struct ItemProviderRegistrationTests {
    @Test func typesAreListedInRegistrationOrder() {
        let provider = ItemProvider()
        provider.registerDataRepresentation(forTypeIdentifier: "public.heic") { _ in nil }
        provider.registerItem(forTypeIdentifier: "public.jpeg") { c, _, _ in c(.data(Data()), nil) }
        provider.registerFileRepresentation(forTypeIdentifier: "public.file-url", fileOptions: .openInPlace) { _ in nil }
        #expect(provider.registeredTypeIdentifiers == ["public.heic", "public.jpeg", "public.file-url"])
        #expect(provider.registeredTypeIdentifiers(fileOptions: .openInPlace) == ["public.file-url"])
    }

    @Test func aSecondRegistrationOfATypeIsIgnoredAndReported() {
        let diagnostics = Recorder<ItemProviderDiagnostic>()
        let provider = ItemProvider(item: "first", typeIdentifier: "public.plain-text")
        provider.diagnosticHandler = { diagnostics.record($0) }
        provider.registerItem(forTypeIdentifier: "PUBLIC.plain-text") { c, _, _ in c("second", nil) }
        #expect(provider.registeredTypeIdentifiers == ["public.plain-text"])
        #expect(diagnostics.all.map(\.code) == [.duplicateRegistration])
    }

    struct ConformanceCase: Sendable, CustomTestStringConvertible {
        let registered: [String]
        let asked: String
        let expected: Bool
        var testDescription: String { "\(registered) has \(asked): \(expected)" }
    }

    @Test(arguments: [
        ConformanceCase(registered: ["public.jpeg"], asked: "public.image", expected: true),
        ConformanceCase(registered: ["public.jpeg"], asked: "public.jpeg", expected: true),
        ConformanceCase(registered: ["public.jpeg"], asked: "PUBLIC.JPEG", expected: true),
        ConformanceCase(registered: ["public.image"], asked: "public.jpeg", expected: false),
        ConformanceCase(registered: ["public.file-url"], asked: "public.url", expected: true),
        ConformanceCase(registered: ["public.url"], asked: "public.file-url", expected: false),
        ConformanceCase(registered: ["public.utf8-plain-text"], asked: "public.text", expected: true),
        ConformanceCase(registered: ["com.example.undeclared"], asked: "public.data", expected: false),
        ConformanceCase(registered: [], asked: "public.item", expected: false),
    ])
    func hasItemConformingIsConformance(_ c: ConformanceCase) {
        let provider = ItemProvider()
        for type in c.registered { provider.registerItem(forTypeIdentifier: type) { done, _, _ in done("x", nil) } }
        #expect(provider.hasItemConformingToTypeIdentifier(c.asked) == c.expected)
    }

    @Test func aLoadUsesTheExactTypeElseTheFirstConformingOne() async throws {
        let provider = ItemProvider()
        provider.registerItem(forTypeIdentifier: "public.heic") { c, _, _ in c("heic", nil) }
        provider.registerItem(forTypeIdentifier: "public.jpeg") { c, _, _ in c("jpeg", nil) }
        #expect(try await provider.loadItem(forTypeIdentifier: "public.jpeg") as? String == "jpeg")
        #expect(try await provider.loadItem(forTypeIdentifier: "public.image") as? String == "heic")
    }

    @Test func anUnregisteredTypeFailsWithItemUnavailableNamingTheTypes() async {
        let provider = ItemProvider(item: .url(URL(fileURLWithPath: "/x")), typeIdentifier: "public.url")
        let error = await loadError { _ = try await provider.loadItem(forTypeIdentifier: "public.jpeg") }
        #expect(error?.code == .itemUnavailableError)
        #expect(error?.message == "Cannot load representation of type public.jpeg; registered types: public.url")
    }

    @Test func contentsOfRegistersTheFileTypeThenTheFileURL() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.file("Report.pdf", Data("%PDF-1.4\n%%EOF\n".utf8))
        let provider = try #require(ItemProvider(contentsOf: file))
        #expect(provider.registeredTypeIdentifiers == ["com.adobe.pdf", "public.file-url"])
        #expect(provider.suggestedName == "Report.pdf")
        let item = try await provider.loadItem(forTypeIdentifier: "com.adobe.pdf")
        #expect((item as? URL)?.path == file.standardizedFileURL.path)
        #expect(try await provider.loadItem(forTypeIdentifier: "public.file-url", as: URL.self).path == file.standardizedFileURL.path)
        #expect(try await provider.loadDataRepresentation(forTypeIdentifier: "com.adobe.pdf") == Data("%PDF-1.4\n%%EOF\n".utf8))
    }

    struct DetectorCase: CustomTestStringConvertible, Sendable {
        var name: String
        var detector: FileTypeDetector
        var types: [String]
        var testDescription: String { name }
    }

    static let detectorCases = [
        DetectorCase(name: "by extension only (the default): data", detector: .shared, types: ["public.data", "public.file-url"]),
        DetectorCase(name: "with libmagic: read from the content", detector: .sniffing, types: ["public.png", "public.file-url"]),
    ]

    @Test(arguments: detectorCases)
    func contentsOfDetectsTypeWithItsDetectorAndFailsForMissingFiles(_ c: DetectorCase) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52,
                        0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89])
        let file = try folder.file("picture", png)
        #expect(ItemProvider(contentsOf: file, detector: c.detector)?.registeredTypeIdentifiers == c.types)
        #expect(ItemProvider(contentsOf: folder.url.appendingPathComponent("missing.txt"), detector: c.detector) == nil)
        #expect(ItemProvider(contentsOf: link("https://swift.org/a.pdf"), detector: c.detector) == nil)
    }

    @Test func theDescriptorLeavesOutOwnProcessTypes() {
        let provider = ItemProvider()
        provider.registerDataRepresentation(forTypeIdentifier: "com.example.private", visibility: .ownProcess) { _ in nil }
        provider.registerDataRepresentation(forTypeIdentifier: "public.png") { _ in nil }
        provider.suggestedName = "a.png"
        provider.previewImageHandler = { c, _, _ in c(.data(Data()), nil) }
        #expect(provider.descriptor == .init(registeredTypeIdentifiers: ["public.png"], suggestedName: "a.png", hasPreviewImage: true))
    }

    @Test func aDescribedProviderOffersTypesButNoValues() async {
        let provider = ItemProvider(describing: .init(registeredTypeIdentifiers: ["public.url"], suggestedName: "x"))
        #expect(provider.registeredTypeIdentifiers == ["public.url"])
        #expect(provider.suggestedName == "x")
        let error = await loadError { _ = try await provider.loadItem(forTypeIdentifier: "public.url") }
        #expect(error?.code == .itemUnavailableError)
        #expect(error?.message.contains("carries no values") == true)
    }
}
