import CoreImage
import Foundation
import Testing

/// Extents and crops, in Core Image's coordinates (origin at the bottom left).
@Suite("Extents and crops")
struct GeometryTests {
    @Test("an image's extent is its size in pixels from the origin")
    func extent() {
        #expect(TestBitmap.gradient(width: 8, height: 6).extent == CGRect(x: 0, y: 0, width: 8, height: 6))
        #expect(CIImage.empty().extent.isEmpty)
    }

    @Test("a crop keeps the pixels inside the rectangle, counted from the bottom left")
    func crop() throws {
        let input = TestBitmap.gradient(width: 8, height: 6)
        let cropped = input.cropped(to: CGRect(x: 2, y: 1, width: 3, height: 2))
        #expect(cropped.extent == CGRect(x: 2, y: 1, width: 3, height: 2))
        let original = try Rendered(input), part = try Rendered(cropped)
        #expect(part.width == 3 && part.height == 2)
        for y in 0..<2 {
            for x in 0..<3 {
                // Rows from the top: the crop's top row is the original's row 6 − (1 + 2) = 3.
                #expect(part[x, y] == original[2 + x, 3 + y])
            }
        }
    }

    @Test("crops round outwards to whole pixels, stay inside the image, and compose")
    func cropEdges() throws {
        let input = TestBitmap.gradient(width: 8, height: 6)
        #expect(input.cropped(to: CGRect(x: 1.5, y: 0.2, width: 2, height: 1)).extent == CGRect(x: 1, y: 0, width: 3, height: 2))
        #expect(input.cropped(to: CGRect(x: -5, y: 4, width: 100, height: 100)).extent == CGRect(x: 0, y: 4, width: 8, height: 2))
        let twice = input.cropped(to: CGRect(x: 1, y: 1, width: 6, height: 4)).cropped(to: CGRect(x: 2, y: 2, width: 2, height: 2))
        #expect(try Rendered(twice).pixels == Rendered(input.cropped(to: CGRect(x: 2, y: 2, width: 2, height: 2))).pixels)
    }

    @Test("a crop that misses the image is empty and renders nothing")
    func missedCrop() {
        let outside = TestBitmap.gradient(width: 8, height: 6).cropped(to: CGRect(x: 20, y: 20, width: 5, height: 5))
        #expect(outside.extent.isEmpty)
        #expect(CIContext().createCGImage(outside, from: outside.extent) == nil)
    }

    @Test("createCGImage renders the rectangle asked for")
    func createPart() throws {
        let input = TestBitmap.gradient(width: 8, height: 6)
        let context = CIContext()
        let part = try #require(context.createCGImage(input, from: CGRect(x: 4, y: 0, width: 4, height: 3)))
        #expect(part.width == 4 && part.height == 3)
        let whole = try Rendered(input)
        #expect(part.rgba8Pixels.prefix(4) == Data([whole[4, 3].red, whole[4, 3].green, whole[4, 3].blue, whole[4, 3].alpha]))
    }
}
