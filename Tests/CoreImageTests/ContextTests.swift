import CoreImage
import Foundation
import Testing

/// CIContext's outputs: bitmaps, JPEG and PNG bytes and files.
@Suite("CIContext")
struct ContextTests {
    let context = CIContext()
    let sRGB = CGColorSpaceCreateDeviceRGB()

    @Test("createCGImage makes an 8-bit premultiplied RGBA bitmap of the extent")
    func cgImage() throws {
        let image = TestBitmap.gradient(width: 5, height: 3)
        let bitmap = try #require(context.createCGImage(image, from: image.extent))
        #expect(bitmap.width == 5 && bitmap.height == 3)
        #expect(bitmap.bitsPerComponent == 8 && bitmap.bitsPerPixel == 32 && bitmap.bytesPerRow == 20)
        #expect(bitmap.alphaInfo == .premultipliedLast)
        #expect(bitmap.colorSpace?.name == CGColorSpace.sRGB)
        #expect(bitmap.dataProvider?.data == bitmap.rgba8Pixels)
        #expect(try Rendered(CIImage(cgImage: bitmap)).pixels == Rendered(image).pixels)
    }

    @Test("a PNG round trip keeps every pixel of an opaque image")
    func pngRoundTrip() throws {
        try withTemporaryFolder { folder in
            let image = TestBitmap.gradient(width: 16, height: 8), file = folder.appendingPathComponent("gradient.png")
            try context.writePNGRepresentation(of: image, to: file, format: .RGBA8, colorSpace: sRGB)
            let read = try #require(CIImage(contentsOf: file))
            #expect(read.extent == image.extent)
            #expect(try Rendered(read).pixels == Rendered(image).pixels)
            let data = try #require(context.pngRepresentation(of: image, format: .BGRA8, colorSpace: sRGB))
            #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }

    @Test("PNG keeps alpha (straight in the file); JPEG keeps the colour as if over black")
    func alpha() throws {
        // Premultiplied (100, 50, 0) at alpha 128: straight, about (199, 100, 0).
        let translucent = TestBitmap.solid(RGBA(red: 100, green: 50, blue: 0, alpha: 128), width: 16, height: 16)
        let png = try #require(context.pngRepresentation(of: translucent, format: .RGBA8, colorSpace: sRGB))
        let back = try Rendered(try #require(CIImage(data: png)))[8, 8]
        #expect(abs(Int(back.red) - 100) <= 1 && abs(Int(back.green) - 50) <= 1 && back.alpha == 128, "\(back)")
        let jpeg = try #require(context.jpegRepresentation(of: translucent, colorSpace: sRGB, options: [kCGImageDestinationLossyCompressionQuality: 1]))
        let flat = try Rendered(try #require(CIImage(data: jpeg)))[8, 8]
        #expect(abs(Int(flat.red) - 100) <= 3 && abs(Int(flat.green) - 50) <= 3 && flat.alpha == 255, "\(flat)")
    }

    @Test("the JPEG quality option trades size for fidelity")
    func quality() throws {
        let image = TestBitmap.gradient(width: 64, height: 64)
        let small = try #require(context.jpegRepresentation(of: image, colorSpace: sRGB, options: [kCGImageDestinationLossyCompressionQuality: 0.1]))
        let large = try #require(context.jpegRepresentation(of: image, colorSpace: sRGB, options: ["kCGImageDestinationLossyCompressionQuality": 1.0]))
        let usual = try #require(context.jpegRepresentation(of: image, colorSpace: sRGB))
        #expect(small.count < usual.count && usual.count < large.count)
        #expect(small.starts(with: [0xFF, 0xD8, 0xFF]))
    }

    @Test("a quality that is not a number is an invalid option")
    func badQuality() throws {
        let image = TestBitmap.gradient(width: 4, height: 4)
        #expect(context.jpegRepresentation(of: image, colorSpace: sRGB, options: [kCGImageDestinationLossyCompressionQuality: "high"]) == nil)
        let error = try #require(throws: CoreImageError.self) {
            try context.writeJPEGRepresentation(of: image, to: URL(fileURLWithPath: "/nonexistent/x.jpg"), colorSpace: sRGB,
                                                options: [kCGImageDestinationLossyCompressionQuality: "high"])
        }
        #expect(error.code == .invalidOption && error.message.contains("\"high\""), "\(error)")
    }

    @Test("writing into a folder that does not exist names the file")
    func writeFailure() throws {
        let error = try #require(throws: CoreImageError.self) {
            try context.writeJPEGRepresentation(of: TestBitmap.gradient(width: 4, height: 4), to: URL(fileURLWithPath: "/nonexistent/out.jpg"),
                                                colorSpace: sRGB)
        }
        #expect(error.code == .writeFailed && error.message.contains("/nonexistent/out.jpg"), "\(error)")
    }

    @Test("a written JPEG reads back with its extent; empty images write nothing")
    func jpegFile() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("photo.jpg")
            let image = TestBitmap.gradient(width: 12, height: 7).applyingFilter("CIPhotoEffectNoir")
            try CIContext(options: [.useSoftwareRenderer: true]).writeJPEGRepresentation(of: image, to: file, colorSpace: try #require(CGColorSpace(name: CGColorSpace.sRGB)))
            #expect(CIImage(contentsOf: file)?.extent == CGRect(x: 0, y: 0, width: 12, height: 7))
            let error = try #require(throws: CoreImageError.self) {
                try context.writeJPEGRepresentation(of: .empty(), to: file, colorSpace: sRGB)
            }
            #expect(error.code == .emptyImage)
        }
    }

    @Test("only sRGB is a named colour space")
    func colorSpaces() {
        #expect(CGColorSpace(name: CGColorSpace.sRGB) != nil)
        #expect(CGColorSpace(name: "kCGColorSpaceDisplayP3") == nil)
        #expect(CGColorSpaceCreateDeviceRGB().numberOfComponents == 3)
    }
}
