import AppExtensionsCompat
import Foundation
import Testing

/// The UIImage stand-in: formats and sizes from headers, nothing decoded.
@Suite struct UIImageTests {
    struct FormatCase: CustomTestStringConvertible, Sendable {
        let name: String
        let data: Data
        let format: UIImage.Format
        let size: CGSize
        var testDescription: String { name }
    }

    static let formats: [FormatCase] = [
        FormatCase(name: "PNG", data: ImageSamples.png(width: 640, height: 480), format: .png, size: CGSize(width: 640, height: 480)),
        FormatCase(name: "JPEG, the size in its frame header", data: ImageSamples.jpeg(width: 4032, height: 3024), format: .jpeg,
                   size: CGSize(width: 4032, height: 3024)),
        FormatCase(name: "GIF", data: ImageSamples.gif(width: 300, height: 200), format: .gif, size: CGSize(width: 300, height: 200)),
        FormatCase(name: "BMP stored top-down", data: ImageSamples.bmp(width: 5, height: 7), format: .bmp, size: CGSize(width: 5, height: 7)),
    ]

    @Test("UIImage(data:) reads the format and size", arguments: formats)
    func readsHeaders(_ formatCase: FormatCase) throws {
        let image = try #require(UIImage(data: formatCase.data))
        #expect(image.format == formatCase.format)
        #expect(image.size == formatCase.size)
        #expect(image.scale == 1)
        #expect(image.imageData == formatCase.data)
        #expect((UIImageJPEGRepresentation(image, 0.9) != nil) == (formatCase.format == .jpeg))
        #expect((UIImagePNGRepresentation(image) != nil) == (formatCase.format == .png))
    }

    static let notImages: [(String, Data)] = [
        ("text", Data("hello".utf8)),
        ("empty", Data()),
        ("a PNG signature without IHDR", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])),
        ("a JPEG without a frame header", Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0xFF, 0xD9])),
        ("a GIF of zero width", ImageSamples.gif(width: 0, height: 3)),
    ]

    @Test("bytes that are not an image give nil, as UIImage(data:) does", arguments: notImages)
    func rejects(_ name: String, _ data: Data) {
        #expect(UIImage(data: data) == nil, "\(name)")
    }

    @Test("UIImage(contentsOfFile:): the file's image, nil for a missing file")
    func contentsOfFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = try folder.file("photo.jpg", ImageSamples.jpeg(width: 30, height: 20))
        #expect(UIImage(contentsOfFile: url.path)?.size == CGSize(width: 30, height: 20))
        #expect(UIImage(contentsOfFile: folder.url.appendingPathComponent("missing.jpg").path) == nil)
    }

    @Test("NSSecureCoding: encodes and decodes its bytes")
    func secureCoding() throws {
        let image = try #require(UIImage(data: ImageSamples.gif(width: 8, height: 9)))
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        image.encode(with: archiver)
        archiver.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        let decoded = try #require(UIImage(coder: unarchiver))
        #expect(decoded.imageData == image.imageData)
        #expect(decoded.size == CGSize(width: 8, height: 9))
        #expect(UIImage.supportsSecureCoding)
    }
}
