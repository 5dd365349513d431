import CoreImage
import Foundation
import Testing

/// What goes wrong is reported, never a crash: unknown names are nil, wrong values make a nil
/// output with a reason, unreadable files are nil.
@Suite("Errors")
struct FilterErrorTests {
    @Test("an unknown filter name answers nil", arguments: ["CINoSuchFilter", "", "cisepiatone", "CISepiaTone "])
    func unknownName(_ name: String) {
        #expect(CIFilter(name: name) == nil)
    }

    /// A wrong input and the code it must be reported with.
    struct WrongInput: CustomTestStringConvertible, Sendable {
        let name: String
        let key: String
        let value: @Sendable () -> Any
        let code: CoreImageError.Code
        var testDescription: String { name }
    }

    static let wrongInputs = [
        WrongInput(name: "a string for a number", key: kCIInputIntensityKey, value: { "strong" }, code: .wrongValueType),
        WrongInput(name: "an image for a number", key: kCIInputIntensityKey, value: { TestBitmap.solid(RGBA(red: 0, green: 0, blue: 0)) }, code: .wrongValueType),
        WrongInput(name: "a number for the image", key: kCIInputImageKey, value: { 3 }, code: .wrongValueType),
        WrongInput(name: "NaN", key: kCIInputIntensityKey, value: { Double.nan }, code: .invalidValue),
        WrongInput(name: "a key the filter lacks", key: kCIInputRadiusKey, value: { 4 }, code: .unknownKey),
    ]

    @Test("a wrong input makes the output nil, says why, and a good value clears it", arguments: wrongInputs)
    func wrongInput(_ wrong: WrongInput) throws {
        let filter = try #require(CIFilter(name: "CISepiaTone"))
        let image = TestBitmap.solid(RGBA(red: 10, green: 20, blue: 30))
        filter.setValue(image, forKey: kCIInputImageKey)
        #expect(filter.outputImage != nil)
        filter.setValue(wrong.value(), forKey: wrong.key)
        #expect(filter.outputImage == nil)
        let error = try #require(filter.outputImageError)
        #expect(error.code == wrong.code)
        #expect(error.message.contains(wrong.key) && error.message.contains("CISepiaTone"), "\(error)")
        if wrong.key != kCIInputRadiusKey {
            filter.setValue(wrong.key == kCIInputImageKey ? image : 0.5, forKey: wrong.key)
        } else {
            filter.setDefaults()
        }
        #expect(filter.outputImageError == nil)
        #expect(filter.outputImage != nil)
    }

    @Test("the message names the value given")
    func message() throws {
        let filter = try #require(CIFilter(name: "CIColorControls"))
        filter.setValue("very", forKey: kCIInputContrastKey)
        #expect(filter.outputImageError?.description == "wrong-value-type: CIColorControls's inputContrast takes a number, not String \"very\"")
    }

    @Test("without an input image the output is nil, for that reason")
    func missingImage() throws {
        let filter = try #require(CIFilter(name: "CIGaussianBlur"))
        #expect(filter.outputImage == nil)
        #expect(filter.outputImageError?.code == .missingInputImage)
    }

    @Test("applyingFilter with an unknown name or a wrong value gives an image whose rendering throws the reason")
    func applyingFailures() throws {
        let image = TestBitmap.solid(RGBA(red: 10, green: 20, blue: 30))
        let cases: [(CIImage, CoreImageError.Code)] = [
            (image.applyingFilter("CINoSuchFilter"), .unknownFilter),
            (image.applyingFilter("CIVignette", parameters: [kCIInputRadiusKey: "wide"]), .wrongValueType),
            // A failure carries through later steps.
            (image.applyingFilter("CINoSuchFilter").applyingFilter("CISepiaTone").cropped(to: CGRect(x: 0, y: 0, width: 1, height: 1)), .unknownFilter),
        ]
        try withTemporaryFolder { folder in
            for (failed, code) in cases {
                #expect(CIContext().createCGImage(failed, from: image.extent) == nil)
                #expect(CIContext().jpegRepresentation(of: failed, colorSpace: CGColorSpaceCreateDeviceRGB()) == nil)
                let error = try #require(throws: CoreImageError.self) {
                    try CIContext().writeJPEGRepresentation(of: failed, to: folder.appendingPathComponent("out.jpg"),
                                                            colorSpace: CGColorSpaceCreateDeviceRGB())
                }
                #expect(error.code == code, "\(error)")
            }
        }
    }

    @Test("a file that is not an image, a missing file and bytes that are not an image give nil")
    func unreadable() throws {
        try withTemporaryFolder { folder in
            let text = folder.appendingPathComponent("notes.jpg")
            try Data("not a picture".utf8).write(to: text)
            #expect(CIImage(contentsOf: text) == nil)
            #expect(CIImage(contentsOf: folder.appendingPathComponent("missing.png")) == nil)
            #expect(CIImage(data: Data([0xFF, 0xD8, 0xFF, 0x00, 0x01])) == nil)
            #expect(CIImage(encodedImageData: Data()) == nil)
        }
    }

    @Test("bitmap data too short for its size gives an image whose rendering throws")
    func shortBitmap() throws {
        let image = CIImage(bitmapData: Data(count: 10), bytesPerRow: 16, size: CGSize(width: 4, height: 4), format: .RGBA8, colorSpace: nil)
        #expect(image.extent.isEmpty)
        #expect(CIContext().pngRepresentation(of: image, format: .RGBA8, colorSpace: CGColorSpaceCreateDeviceRGB()) == nil)
        let error = try #require(throws: CoreImageError.self) {
            try CIContext().writePNGRepresentation(of: image, to: URL(fileURLWithPath: "/nonexistent/never.png"), format: .RGBA8,
                                                   colorSpace: CGColorSpaceCreateDeviceRGB())
        }
        #expect(error.code == .unreadableImage && error.message.contains("10 bytes"), "\(error)")
    }
}
