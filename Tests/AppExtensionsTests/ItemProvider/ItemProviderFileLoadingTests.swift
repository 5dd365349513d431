import Foundation
import Testing
import AppExtensions

@Suite struct ItemProviderFileLoadingTests {
    @Test func theTemporaryCopyLivesUntilTheHandlerReturns() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let original = try folder.file("photo.jpg", Data([0xFF, 0xD8, 0xFF]))
        let provider = try #require(ItemProvider(contentsOf: original))
        let (copy, contents) = try await provider.loadFileRepresentation(forTypeIdentifier: "public.jpeg") { url in
            (url, try Data(contentsOf: url))
        }
        #expect(contents == Data([0xFF, 0xD8, 0xFF]))
        #expect(copy.lastPathComponent == "photo.jpg")
        #expect(copy.path != original.path)
        #expect(!FileManager.default.fileExists(atPath: copy.path), "deleted once the handler returned")
        #expect(FileManager.default.fileExists(atPath: original.path), "the original is untouched")
    }

    @Test func bytesAreWrittenUnderTheSuggestedNameWithTheTypeExtension() async throws {
        let provider = ItemProvider()
        provider.registerDataRepresentation(forTypeIdentifier: "com.adobe.pdf") { done in
            done(Data("%PDF".utf8), nil)
            return nil
        }
        provider.suggestedName = "Invoice"
        let name = try await provider.loadFileRepresentation(forTypeIdentifier: "com.adobe.pdf") { $0.lastPathComponent }
        #expect(name == "Invoice.pdf")
    }

    @Test func textValuesAreWrittenThroughTheTable() async throws {
        let provider = ItemProvider(item: "hello", typeIdentifier: "public.plain-text")
        let text = try await provider.loadFileRepresentation(forTypeIdentifier: "public.plain-text") {
            try String(contentsOf: $0, encoding: .utf8)
        }
        #expect(text == "hello")
        let error = await loadError {
            _ = try await ItemProvider(item: 3, typeIdentifier: "public.data")
                .loadFileRepresentation(forTypeIdentifier: "public.data") { $0 }
        }
        #expect(error?.code == .unavailableCoercionError)
    }

    @Test func inPlaceRepresentationsHandTheOriginal() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let original = try folder.file("notes.txt", Data("n".utf8))
        let provider = ItemProvider()
        provider.registerFileRepresentation(forTypeIdentifier: "public.plain-text", fileOptions: .openInPlace) { done in
            done(original, false, nil)
            return nil
        }
        let (url, inPlace) = try await provider.loadInPlaceFileRepresentation(forTypeIdentifier: "public.plain-text") { ($0, $1) }
        #expect(inPlace)
        #expect(url == original)
        #expect(FileManager.default.fileExists(atPath: original.path))
    }

    @Test func notInPlaceMeansACopyThatIsDeleted() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let original = try folder.file("notes.txt", Data("n".utf8))
        let provider = ItemProvider()
        provider.registerFileRepresentation(forTypeIdentifier: "public.plain-text") { done in
            done(original, false, nil)
            return nil
        }
        let (url, inPlace) = try await provider.loadInPlaceFileRepresentation(forTypeIdentifier: "public.plain-text") { ($0, $1) }
        #expect(!inPlace)
        #expect(url != original)
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func aHandedOverTemporaryFileIsNotCopiedAndIsDeletedAfterUse() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let received = try folder.file("received.bin", Data([1, 2]))
        let provider = ItemProvider()
        provider.registerTemporaryFileRepresentation(forTypeIdentifier: "public.data") { done in
            done(received, false, nil)
            return nil
        }
        let url = try await provider.loadFileRepresentation(forTypeIdentifier: "public.data") { $0 }
        #expect(url == received)
        #expect(!FileManager.default.fileExists(atPath: received.path))
    }

    @Test func aMissingFileFailsWithItemUnavailable() async {
        let provider = ItemProvider(item: .url(URL(fileURLWithPath: "/nonexistent/appex/x.jpg")), typeIdentifier: "public.file-url")
        let error = await loadError { _ = try await provider.loadFileRepresentation(forTypeIdentifier: "public.file-url") { $0 } }
        #expect(error?.code == .itemUnavailableError)
        #expect(error?.message.contains("public.file-url") == true)
    }

    @Test func cancellingTheProgressEndsTheLoad() async {
        let provider = ItemProvider()
        provider.registerDataRepresentation(forTypeIdentifier: "public.data") { _ in nil }   // never answers
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<ItemProviderError?, Never>) in
            let progress = provider.loadDataRepresentation(forTypeIdentifier: "public.data") { _, error in
                continuation.resume(returning: error as? ItemProviderError)
            }
            progress.cancel()
        }
        #expect(result?.code == .itemUnavailableError)
        #expect(result?.message == "Loading Data of type public.data was cancelled")
    }
}
