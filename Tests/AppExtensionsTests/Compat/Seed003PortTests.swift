import AppExtensionsCompat
import Foundation
import Testing

/// The seed 003 share-extension data path, run against Appex's providers.
@Suite struct Seed003PortTests {
    struct NoHost: ExtensionHostConnection {
        func completeRequest(returningItems items: [NSExtensionItem], acknowledge: @escaping @Sendable (Bool) -> Void) {
            acknowledge(false)
        }
        func cancelRequest(withError error: NSError) {}
        func open(_ url: URL, completionHandler: @escaping @Sendable (Bool) -> Void) { completionHandler(false) }
    }

    @Test func collectsFileBackedAndDataImagesAndSkipsTheRest() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46, 0, 1, 0xFF, 0xD9])
        let photoURL = try folder.file("IMG_1001.JPG", jpeg)

        // Photos: a file-backed JPEG with a preview.
        let photo = try #require(NSItemProvider(contentsOf: photoURL))
        photo.previewImageHandler = { completion, _, options in
            completion(.data(Data("preview \(Int(options.preferredImageSize?.width ?? 0))".utf8)), nil)
        }
        // Safari: an image handed as Data, no preview.
        let pngBytes = Data([0x89, 0x50, 0x4E, 0x47])
        let safariImage = NSItemProvider(item: .data(pngBytes), typeIdentifier: kUTTypePNG)
        // Notes: text, not an image.
        let text = NSItemProvider(item: "hello", typeIdentifier: kUTTypePlainText)
        // Messages: an image that cannot be loaded.
        let broken = NSItemProvider()
        broken.registerItem(forTypeIdentifier: kUTTypeJPEG) { completion, _, _ in
            completion(nil, NSError(domain: NSCocoaErrorDomain, code: 257))
        }

        let items = [
            NSExtensionItem(attachments: [photo, text]),
            NSExtensionItem(attachments: [safariImage, broken]),
        ]
        let context = NSExtensionContext(inputItems: items, connection: NoHost())
        let images = await withCheckedContinuation { continuation in
            context.circle_images { continuation.resume(returning: $0) }
        }
        defer { for image in images where image.fileURL.path.hasPrefix(FileManager.default.temporaryDirectory.path)
                    && image.fileURL.pathExtension == "jpg" { try? FileManager.default.removeItem(at: image.fileURL) } }

        #expect(images.count == 2)
        let fromPhotos = try #require(images.first { $0.fileURL.lastPathComponent == "IMG_1001.JPG" })
        #expect(fromPhotos.previewImage == Data("preview 0".utf8))
        #expect(try Data(contentsOf: fromPhotos.fileURL) == jpeg)
        let fromSafari = try #require(images.first { $0.fileURL.pathExtension == "jpg" })
        #expect(fromSafari.previewImage == pngBytes)
        #expect(try Data(contentsOf: fromSafari.fileURL) == pngBytes)
    }

    @Test func safariJavaScriptResultsReadAsOnIOS() async throws {
        let results = NSItemProvider(item: [NSExtensionJavaScriptPreprocessingResultsKey: ["title": "Swift.org", "selection": ""]],
                                     typeIdentifier: kUTTypePropertyList)
        let item = try await results.loadItem(forTypeIdentifier: kUTTypePropertyList as String, options: nil)
        let dictionary = try #require(item as? NSDictionary as? [String: Any])
        let page = try #require(dictionary[NSExtensionJavaScriptPreprocessingResultsKey] as? [String: Any])
        #expect(page["title"] as? String == "Swift.org")

        let error = await loadError { _ = try await results.loadItem(forTypeIdentifier: kUTTypeURL, options: nil) }
        #expect(error.map { $0 as NSError }?.domain == NSItemProviderErrorDomain)
        #expect(error.map { $0 as NSError }?.code == NSItemProviderItemUnavailableError)
    }

    @Test func appleNamesAreTheSameThings() {
        #expect(NSExtensionItemAttachmentsKey == ExtensionItem.attachmentsKey)
        #expect(NSItemProviderUnavailableCoercionError == -1200)
        #expect(NSItemProviderUnexpectedValueClassError == -1100)
        #expect(NSItemProviderUnknownError == -1)
        #expect(Notification.Name.NSExtensionHostDidBecomeActive.rawValue == "NSExtensionHostDidBecomeActiveNotification")
        #expect(NSItemProvider(anyItem: ["a": 1] as [String: Any], typeIdentifier: kUTTypePropertyList).registeredTypeIdentifiers
                == [kUTTypePropertyList])
        #expect(NSItemProvider(anyItem: NSObject(), typeIdentifier: kUTTypeData).registeredTypeIdentifiers.isEmpty)
    }
}
