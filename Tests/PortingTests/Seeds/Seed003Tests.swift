import AppExtensionsCompat
import Foundation
import Testing

/// Seed 003's image collection, run on the items hosts share, against what iOS gives it.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct Seed003Tests {
    /// One attachment a host might share, and whether seed 003 keeps it.
    struct Attachment: CustomTestStringConvertible, Sendable {
        let name: String
        let make: @Sendable (TemporaryFolder) throws -> NSItemProvider
        /// The size of the kept image's preview; `nil` when the code skips the attachment.
        let keptSize: CGSize?
        var testDescription: String { name }
    }

    nonisolated static let attachments: [Attachment] = [
        Attachment(name: "Photos: a JPEG file with a data preview (the preview is not a UIImage; the file is read instead)",
                   make: { folder in
                       let url = try folder.file("IMG_1001.JPG", ImageSamples.jpeg(width: 4032, height: 3024))
                       let provider = try #require(NSItemProvider(contentsOf: url))
                       provider.previewImageHandler = { completion, _, _ in completion(.data(ImageSamples.jpeg(width: 120, height: 90)), nil) }
                       return provider
                   },
                   keptSize: CGSize(width: 4032, height: 3024)),
        Attachment(name: "Files: a PNG file, no preview",
                   make: { folder in try #require(NSItemProvider(contentsOf: try folder.file("diagram.png", ImageSamples.png(width: 640, height: 480)))) },
                   keptSize: CGSize(width: 640, height: 480)),
        Attachment(name: "Safari: image bytes (NSData: neither a URL nor a UIImage, skipped as on iOS)",
                   make: { _ in NSItemProvider(item: ImageSamples.png(width: 16, height: 16) as NSData, typeIdentifier: kUTTypePNG as String) },
                   keptSize: nil),
        Attachment(name: "Notes: text, not an image",
                   make: { _ in NSItemProvider(item: "hello" as NSString, typeIdentifier: kUTTypePlainText as String) },
                   keptSize: nil),
        Attachment(name: "Messages: an image whose load fails",
                   make: { _ in
                       let provider = NSItemProvider()
                       provider.registerItem(forTypeIdentifier: kUTTypeJPEG as String) { completionHandler, _, _ in
                           completionHandler?(nil, NSError(domain: NSCocoaErrorDomain, code: NSFileReadNoPermissionError))
                       }
                       return provider
                   },
                   keptSize: nil),
    ]

    @Test("one attachment", arguments: attachments)
    func collects(_ attachment: Attachment) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let provider = try attachment.make(folder)
        let context = RecordingHost().context([NSExtensionItem(attachments: [provider])])
        let viewController = UIViewController()

        let images = await withCheckedContinuation { continuation in
            context.circle_images(in: viewController) { continuation.resume(returning: $0) }
        }

        #expect(viewController.presentedViewController == nil)
        if let keptSize = attachment.keptSize {
            let image = try #require(images.first)
            #expect(images.count == 1)
            #expect(image.fileURL.path.hasPrefix(folder.url.path + "/"), "the host's file, not a copy: \(image.fileURL.path)")
            #expect(image.previewImage.size == keptSize)
            #expect(try Data(contentsOf: image.fileURL) == image.previewImage.imageData)
        } else {
            #expect(images.isEmpty)
        }
    }

    @Test("all of them from two items: the two files are kept, in any order")
    func collectsAcrossItems() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let providers = try Self.attachments.map { try $0.make(folder) }
        let items = [
            NSExtensionItem(attachments: Array(providers[0..<2])),
            NSExtensionItem(attachments: Array(providers[2...])),
        ]
        let images = await withCheckedContinuation { continuation in
            RecordingHost().context(items).circle_images(in: UIViewController()) { continuation.resume(returning: $0) }
        }
        #expect(Set(images.map(\.fileURL.lastPathComponent)) == ["IMG_1001.JPG", "diagram.png"])
    }

    @Test("no input items: an empty list")
    func noItems() async {
        let images = await withCheckedContinuation { continuation in
            RecordingHost().context([]).circle_images(in: UIViewController()) { continuation.resume(returning: $0) }
        }
        #expect(images.isEmpty)
    }
}
