import Foundation
import Testing
import TypeIdentifiers
import AppExtensions

/// Apple's iOS 16 forms: content types as `UTType`, loads named by `UTType`, and
/// `loadTransferable` for `Data`, `String` and `URL`.
@Suite(.timeLimit(.minutes(1)))
struct ContentTypeAndTransferableTests {
    /// A provider of a HEIC file's types, as Photos shares one.
    static func photoProvider() -> ItemProvider {
        let provider = ItemProvider()
        for type in ["public.heic", "public.jpeg", "public.file-url"] {
            provider.registerDataRepresentation(forTypeIdentifier: type) { done in
                done(Data(type.utf8), nil)
                return nil
            }
        }
        return provider
    }

    /// A question to `registeredContentTypes(conformingTo:)` and its answer.
    struct ConformanceCase: CustomTestStringConvertible, Sendable {
        let name: String
        let contentType: UTType
        let expected: [String]
        var testDescription: String { name }
    }

    static let conformance: [ConformanceCase] = [
        ConformanceCase(name: "images: HEIC then JPEG, in fidelity order", contentType: .image, expected: ["public.heic", "public.jpeg"]),
        ConformanceCase(name: "JPEG: itself only", contentType: .jpeg, expected: ["public.jpeg"]),
        ConformanceCase(name: "URLs: the file URL", contentType: .url, expected: ["public.file-url"]),
        ConformanceCase(name: "data: everything", contentType: .data, expected: ["public.heic", "public.jpeg", "public.file-url"]),
        ConformanceCase(name: "text: nothing", contentType: .text, expected: []),
    ]

    @Test("registeredContentTypes lists UTTypes in fidelity order; conformingTo: keeps those that conform", arguments: conformance)
    func registeredContentTypes(_ c: ConformanceCase) {
        let provider = Self.photoProvider()
        #expect(provider.registeredContentTypes.map(\.identifier) == ["public.heic", "public.jpeg", "public.file-url"])
        #expect(provider.registeredContentTypes(conformingTo: c.contentType).map(\.identifier) == c.expected)
    }

    @Test("loadDataRepresentation(for:) loads the type's bytes, in both forms")
    func dataForContentType() async throws {
        let provider = Self.photoProvider()
        let bytes: Data = try await withCheckedThrowingContinuation { continuation in
            provider.loadDataRepresentation(for: .jpeg) { data, error in
                continuation.resume(with: Result { try #require(data, "error: \(String(describing: error))") })
            }
        }
        #expect(bytes == Data("public.jpeg".utf8))
        #expect(try await provider.loadDataRepresentation(for: .image) == Data("public.heic".utf8))
        let error = await loadError { _ = try await provider.loadDataRepresentation(for: .pdf) }
        #expect(error?.code == .itemUnavailableError)
    }

    /// A file load by content type and what the handler sees.
    struct FileCase: CustomTestStringConvertible, Sendable {
        let name: String
        let registeredInPlace: Bool
        let openInPlace: Bool
        /// Whether the handler gets the original, in place.
        let inPlace: Bool
        var testDescription: String { name }
    }

    static let files: [FileCase] = [
        FileCase(name: "openInPlace: false gives a copy, deleted when the handler returns", registeredInPlace: true, openInPlace: false, inPlace: false),
        FileCase(name: "openInPlace: true and registered in place gives the original", registeredInPlace: true, openInPlace: true, inPlace: true),
        FileCase(name: "openInPlace: true but not registered in place gives a copy", registeredInPlace: false, openInPlace: true, inPlace: false),
    ]

    @Test("loadFileRepresentation(for:openInPlace:) hands the original only when both sides allow it", arguments: files)
    func fileForContentType(_ c: FileCase) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let original = try folder.file("notes.txt", Data("n".utf8))
        let provider = ItemProvider()
        provider.registerFileRepresentation(forTypeIdentifier: "public.plain-text", fileOptions: c.registeredInPlace ? .openInPlace : []) { done in
            done(original, false, nil)
            return nil
        }
        let seen = Recorder<(url: URL, inPlace: Bool, exists: Bool)>()
        let done = Signal()
        provider.loadFileRepresentation(for: .plainText, openInPlace: c.openInPlace) { url, inPlace, _ in
            if let url { seen.record((url, inPlace, FileManager.default.fileExists(atPath: url.path))) }
            done.fire()
        }
        await done.wait()
        let result = try #require(seen.all.first)
        #expect(result.inPlace == c.inPlace)
        #expect((result.url == original) == c.inPlace)
        #expect(result.exists, "the file exists while the handler runs")
        #expect(FileManager.default.fileExists(atPath: original.path))
        if !c.inPlace {
            // The copy is deleted on the load's queue right after the handler returns.
            var waited = 0
            while FileManager.default.fileExists(atPath: result.url.path), waited < 500 {
                try await Task.sleep(for: .milliseconds(10))
                waited += 1
            }
            #expect(!FileManager.default.fileExists(atPath: result.url.path), "the copy is deleted after the handler returns")
        }
    }

    /// A provider and what `loadTransferable` makes of it.
    struct TransferCase: CustomTestStringConvertible, Sendable {
        let name: String
        let provider: @Sendable () -> ItemProvider
        let load: @Sendable (ItemProvider) async throws -> String
        let expected: String
        var testDescription: String { name }
    }

    static let transfers: [TransferCase] = [
        TransferCase(name: "URL from a URL value", provider: { ItemProvider(item: .url(link("https://swift.org")), typeIdentifier: "public.url") },
                     load: { try await $0.loadTransferable(type: URL.self).absoluteString }, expected: "https://swift.org"),
        TransferCase(name: "URL from text registered as bytes under public.url", provider: {
            let provider = ItemProvider()
            provider.registerDataRepresentation(forTypeIdentifier: "public.url") { done in done(Data("https://swift.org/blog".utf8), nil); return nil }
            return provider
        }, load: { try await $0.loadTransferable(type: URL.self).absoluteString }, expected: "https://swift.org/blog"),
        TransferCase(name: "String from plain text", provider: { ItemProvider(item: "hello", typeIdentifier: "public.plain-text") },
                     load: { try await $0.loadTransferable(type: String.self) }, expected: "hello"),
        TransferCase(name: "String from UTF-16 bytes", provider: {
            let provider = ItemProvider()
            provider.registerDataRepresentation(forTypeIdentifier: "public.utf16-plain-text") { done in
                done("héllo".data(using: .utf16), nil)
                return nil
            }
            return provider
        }, load: { try await $0.loadTransferable(type: String.self) }, expected: "héllo"),
        TransferCase(name: "Data from the first type in fidelity order", provider: { Self.photoProvider() },
                     load: { String(decoding: try await $0.loadTransferable(type: Data.self), as: UTF8.self) }, expected: "public.heic"),
    ]

    @Test("loadTransferable loads Data, String and URL through the coercion table", arguments: transfers)
    func transferable(_ c: TransferCase) async throws {
        #expect(try await c.load(c.provider()) == c.expected)
    }

    @Test("loadTransferable's completion-handler form returns a Progress and answers once with a Result")
    func transferableCallback() async throws {
        let provider = ItemProvider(item: .url(link("https://swift.org")), typeIdentifier: "public.url")
        let answers = Recorder<Result<URL, any Error>>()
        let done = Signal()
        let progress = provider.loadTransferable(type: URL.self) { result in
            answers.record(result)
            done.fire()
        }
        await done.wait()
        #expect(answers.all.count == 1)
        #expect(try answers.all.first?.get() == link("https://swift.org"))
        #expect(progress.totalUnitCount == 1)
    }

    /// A `loadTransferable` that fails, and its code.
    struct FailureCase: CustomTestStringConvertible, Sendable {
        let name: String
        let code: ItemProviderError.Code
        let load: @Sendable () async throws -> Void
        var testDescription: String { name }
    }

    static let failures: [FailureCase] = [
        FailureCase(name: "a URL from text: no type conforms to public.url, -1000", code: .itemUnavailableError) {
            _ = try await ItemProvider(item: "hello", typeIdentifier: "public.plain-text").loadTransferable(type: URL.self)
        },
        FailureCase(name: "a URL from bytes that are not one, -1100", code: .unexpectedValueClassError) {
            let provider = ItemProvider()
            provider.registerDataRepresentation(forTypeIdentifier: "public.url") { done in done(Data("not a url".utf8), nil); return nil }
            _ = try await provider.loadTransferable(type: URL.self)
        },
    ]

    @Test("loadTransferable fails with Apple's codes", arguments: failures)
    func transferableFailures(_ c: FailureCase) async {
        let error = await loadError { try await c.load() }
        #expect(error?.code == c.code)
    }
}
