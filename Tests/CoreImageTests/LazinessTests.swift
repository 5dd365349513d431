import CoreImage
import Foundation
import Testing

/// Images are recipes: reading a file takes its header, filters add steps, and the pixels
/// are read and computed when a context renders.
@Suite("Lazy evaluation")
struct LazinessTests {
    @Test("a filtered image of a file shows the file as it is when rendered, not when made")
    func readAtRender() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("source.png"), context = CIContext(), sRGB = CGColorSpaceCreateDeviceRGB()
            try context.writePNGRepresentation(of: TestBitmap.solid(RGBA(red: 255, green: 0, blue: 0)), to: file, format: .RGBA8, colorSpace: sRGB)
            let sepia = try #require(CIImage(contentsOf: file)).applyingFilter("CISepiaTone", parameters: [kCIInputIntensityKey: 1])

            let blue = RGBA(red: 0, green: 0, blue: 255)
            try context.writePNGRepresentation(of: TestBitmap.solid(blue), to: file, format: .RGBA8, colorSpace: sRGB)
            let pixel = try Rendered(sepia)[0, 0]
            let expected = Reference.sepia(blue.unit).map(Reference.byte)
            #expect([pixel.red, pixel.green, pixel.blue].map(Int.init) == expected, "\(pixel) vs \(expected)")

            try FileManager.default.removeItem(at: file)
            let error = try #require(throws: CoreImageError.self) {
                try context.writeJPEGRepresentation(of: sepia, to: folder.appendingPathComponent("out.jpg"), colorSpace: sRGB)
            }
            #expect(error.code == .unreadableImage && error.message.contains("source.png"), "\(error)")
        }
    }

    @Test("applying filters and geometry computes nothing: an image of an unreadable source fails only when rendered")
    func nothingComputed() throws {
        let broken = CIImage(bitmapData: Data(count: 3), bytesPerRow: 4, size: CGSize(width: 1, height: 1), format: .RGBA8, colorSpace: nil)
        let chained = broken.applyingFilter("CIGaussianBlur").oriented(.right).cropped(to: CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(chained.extent.isEmpty)
        #expect(CIContext().createCGImage(chained, from: CGRect(x: 0, y: 0, width: 1, height: 1)) == nil)
    }
}
