import CoreImage
import Foundation
import Imaging
import Testing

/// Orientation: each EXIF value turns the pixels as a viewer would, and a file's tag is
/// reported, applied on request.
@Suite("Orientation")
struct OrientationTests {
    /// An orientation and where each displayed pixel comes from in a `width` × `height` image.
    struct Turn: CustomTestStringConvertible, Sendable {
        let orientation: CGImagePropertyOrientation
        /// The stored (x, y) shown at (x, y) of the result, rows from the top.
        let source: @Sendable (_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> (Int, Int)
        var testDescription: String { "EXIF \(orientation.rawValue) (\(orientation))" }
        var swapsSides: Bool { orientation.rawValue >= 5 }
    }

    static let turns = [
        Turn(orientation: .up) { x, y, _, _ in (x, y) },
        Turn(orientation: .upMirrored) { x, y, w, _ in (w - 1 - x, y) },
        Turn(orientation: .down) { x, y, w, h in (w - 1 - x, h - 1 - y) },
        Turn(orientation: .downMirrored) { x, y, _, h in (x, h - 1 - y) },
        Turn(orientation: .leftMirrored) { x, y, _, _ in (y, x) },
        Turn(orientation: .right) { x, y, _, h in (y, h - 1 - x) },
        Turn(orientation: .rightMirrored) { x, y, w, h in (w - 1 - y, h - 1 - x) },
        Turn(orientation: .left) { x, y, w, _ in (w - 1 - y, x) },
    ]

    @Test("each orientation turns the pixels as EXIF says, and the extent with them", arguments: turns)
    func turn(_ turn: Turn) throws {
        let (width, height) = (3, 2)
        let input = TestBitmap.gradient(width: width, height: height)
        let turned = input.oriented(turn.orientation)
        #expect(turned.extent.size == (turn.swapsSides ? CGSize(width: height, height: width) : CGSize(width: width, height: height)))
        #expect(input.oriented(forExifOrientation: Int32(turn.orientation.rawValue)).extent == turned.extent)
        let stored = try Rendered(input), shown = try Rendered(turned)
        for y in 0..<shown.height {
            for x in 0..<shown.width {
                let (sx, sy) = turn.source(x, y, width, height)
                #expect(shown[x, y] == stored[sx, sy], "(\(x), \(y)) should show stored (\(sx), \(sy))")
            }
        }
    }

    @Test("an EXIF value outside 1…8 leaves the image as it is", arguments: [0, 9, -1] as [Int32])
    func unknownValue(_ value: Int32) {
        let input = TestBitmap.gradient(width: 3, height: 2)
        #expect(input.oriented(forExifOrientation: value) === input)
    }

    @Test("a JPEG tagged EXIF 6 reports its stored extent and the tag; turned, it reports the rotated extent")
    func taggedFile() throws {
        try withTemporaryFolder { folder in
            // 3 × 2 blocks of 8 × 8 pixels, so JPEG keeps each block's colour.
            let blocks = TestBitmap.gradient(width: 3, height: 2)
            let blockPixels = try Rendered(blocks)
            let input = TestBitmap.image(width: 24, height: 16) { x, y in blockPixels[x / 8, y / 8] }
            let plain = folder.appendingPathComponent("plain.png"), tagged = folder.appendingPathComponent("tagged.jpg")
            try CIContext().writePNGRepresentation(of: input, to: plain, format: .RGBA8, colorSpace: CGColorSpaceCreateDeviceRGB())
            #expect(ImageConversion.writeTaggingOrientation(plain, to: tagged, orientation: 6))

            let image = try #require(CIImage(contentsOf: tagged))
            #expect(image.extent == CGRect(x: 0, y: 0, width: 24, height: 16))
            #expect(image.properties[kCGImagePropertyOrientation] as? Int == 6)
            #expect(image.properties[kCGImagePropertyPixelWidth] as? Int == 24)
            let orientation = try #require(image.properties[kCGImagePropertyOrientation] as? Int)
            #expect(image.oriented(forExifOrientation: Int32(orientation)).extent == CGRect(x: 0, y: 0, width: 16, height: 24))

            let upright = try #require(CIImage(contentsOf: tagged, options: [.applyOrientationProperty: true]))
            #expect(upright.extent == CGRect(x: 0, y: 0, width: 16, height: 24))
            // EXIF 6 turns clockwise: the stored bottom-left block ends up top-left.
            let shown = try Rendered(upright)
            for (shownBlock, storedBlock) in [((0, 0), (0, 1)), ((1, 0), (0, 0)), ((0, 2), (2, 1)), ((1, 2), (2, 0))] {
                let pixel = shown[shownBlock.0 * 8 + 4, shownBlock.1 * 8 + 4], expected = blockPixels[storedBlock.0, storedBlock.1]
                let close = zip([pixel.red, pixel.green, pixel.blue], [expected.red, expected.green, expected.blue]).allSatisfy { abs(Int($0) - Int($1)) <= 8 }
                #expect(close, "shown block \(shownBlock): \(pixel), stored block \(storedBlock): \(expected)")
            }
        }
    }

    @Test("a file without an orientation reports none")
    func untagged() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("plain.png")
            try CIContext().writePNGRepresentation(of: TestBitmap.gradient(width: 3, height: 2), to: file, format: .RGBA8,
                                                   colorSpace: CGColorSpaceCreateDeviceRGB())
            let image = try #require(CIImage(contentsOf: file))
            #expect(image.properties[kCGImagePropertyOrientation] == nil)
            #expect(image.properties[kCGImagePropertyPixelHeight] as? Int == 2)
        }
    }
}
