import AppExtensionsCompat
import Foundation
import Testing

/// Xcode's photo editing template ported with its imports changed, driven as the runtime
/// drives it: Apple's canHandle, start with a UIImage placeholder, finish on a background
/// queue, and cancel.
@MainActor
@Suite struct PhotoEditingPortTests {
    /// A JPEG in a file, as the host hands images over.
    func image(in folder: TemporaryFolder) throws -> URL {
        let url = folder.url.appendingPathComponent("display.jpg")
        try ImageSamples.jpeg(width: 64, height: 48).write(to: url)
        return url
    }

    func finish(_ driver: ContentEditingDriver) async throws -> PHContentEditingOutput? {
        try await withCheckedThrowingContinuation { continuation in
            do {
                try driver.finish { continuation.resume(returning: $0) }
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }

    @Test("canHandle its own format; the placeholder is a UIImage; Done renders a JPEG and its data; a resume adds to it")
    func editAndResume() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = try image(in: folder)
        let driver = ContentEditingDriver(context: RecordingHost().context([])) { PhotoEditingViewController() }
        #expect(driver.canHandle(PHAdjustmentData(formatIdentifier: "com.example.brighten", formatVersion: "1.0", data: Data())))
        #expect(!driver.canHandle(PHAdjustmentData(formatIdentifier: "com.example.brighten", formatVersion: "2.0", data: Data())))

        let input = PHContentEditingInput(fullSizeImageURL: url, displaySizeImageURL: url, adjustmentData: nil,
                                          uniformTypeIdentifier: "public.jpeg")
        #expect(try driver.start(input, placeholderPath: url.path) == false)
        #expect(input.displaySizeImage?.size == CGSize(width: 64, height: 48))
        let output = try #require(try await finish(driver))
        #expect(output.adjustmentData?.data == Data("0.1".utf8))
        #expect(FileManager.default.contents(atPath: output.renderedContentURL.path) == (try Data(contentsOf: url)))
        #expect(output.renderedContentURL.pathExtension == "JPG")
        try? FileManager.default.removeItem(at: output.renderedContentURL)
        #expect(throws: ContentEditingError.self) { try driver.cancel() }

        // A second edit resumes: the data says 0.1, so this one is 0.2 and asks before a cancel.
        let again = ContentEditingDriver(context: RecordingHost().context([])) { PhotoEditingViewController() }
        let resumed = PHContentEditingInput(fullSizeImageURL: url, displaySizeImageURL: url, adjustmentData: output.adjustmentData,
                                            uniformTypeIdentifier: "public.jpeg")
        #expect(try again.start(resumed, placeholderPath: url.path) == true)
        try again.cancel()
    }

    @Test("a placeholder that is not an image, and calls out of Apple's order, are errors")
    func refusals() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let text = folder.url.appendingPathComponent("text.jpg")
        try Data("not an image".utf8).write(to: text)
        let driver = ContentEditingDriver(context: RecordingHost().context([])) { PhotoEditingViewController() }
        #expect(throws: ContentEditingError.self) { try driver.finish { _ in } }
        let input = PHContentEditingInput(fullSizeImageURL: text, displaySizeImageURL: text, adjustmentData: nil, uniformTypeIdentifier: nil)
        let error = try #require(throws: ContentEditingError.self) { _ = try driver.start(input, placeholderPath: text.path) }
        #expect(error.code == .placeholderUnreadable)
        #expect(throws: ContentEditingError.self) { _ = try driver.start(input, placeholderPath: text.path) }
    }
}
