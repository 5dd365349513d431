import CoreImage
import Foundation
import Testing

/// CIGaussianBlur: σ = radius, in linear light on premultiplied colour, spreading into
/// transparency past the edges; the extent grows by ⌈3σ⌉.
@Suite("CIGaussianBlur")
struct GaussianBlurTests {
    @Test("the extent grows by ⌈3 × radius⌉ on every side", arguments: [(2.0, 6), (10, 30), (0.5, 2), (1.01, 4)])
    func extent(radius: Double, margin: Int) {
        let input = TestBitmap.solid(RGBA(red: 1, green: 2, blue: 3), width: 20, height: 10)
        let blurred = input.applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: radius])
        let m = CGFloat(margin)
        #expect(blurred.extent == CGRect(x: -m, y: -m, width: 20 + 2 * m, height: 10 + 2 * m))
        #expect(blurred.cropped(to: input.extent).extent == input.extent)
    }

    @Test("a radius under 0.16 leaves the image as it is, as applyingGaussianBlur(sigma:) documents")
    func tiny() throws {
        let input = TestBitmap.gradient(width: 6, height: 5)
        let blurred = input.applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: 0.1])
        #expect(blurred.extent == input.extent)
        #expect(try Rendered(blurred).pixels == Rendered(input).pixels)
    }

    @Test("across a white–black edge and into the transparent margin, each pixel is the Gaussian sum in linear light")
    func edgeProfile() throws {
        // 40 × 21: white on the left half, black on the right, opaque.
        let (width, height, sigma) = (40, 21, 2.0)
        let input = TestBitmap.image(width: width, height: height) { x, _ in
            x < 20 ? RGBA(red: 255, green: 255, blue: 255) : RGBA(red: 0, green: 0, blue: 0)
        }
        let rendered = try Rendered(input.applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: sigma]))
        let margin = 6
        #expect(rendered.width == width + 2 * margin && rendered.height == height + 2 * margin)
        // The middle row is 5σ from the top and bottom: only the horizontal sum matters there.
        let kernel = (-8...8).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        for column in 0..<rendered.width {
            let x = column - margin
            var alpha = 0.0, light = 0.0
            for (index, weight) in kernel.enumerated() {
                let source = x - (index - 8)
                guard (0..<width).contains(source) else { continue }
                alpha += weight / total
                light += weight / total * (source < 20 ? 1 : 0)
            }
            let expected = alpha > 0 ? Reference.byte(Reference.encoded(light / alpha) * alpha) : 0
            let pixel = rendered[column, margin + 10]
            #expect(abs(Int(pixel.red) - expected) <= 1, "column \(x): \(pixel), expected red \(expected)")
            #expect(abs(Int(pixel.alpha) - Reference.byte(alpha)) <= 1, "column \(x): alpha \(pixel.alpha), expected \(Reference.byte(alpha))")
            #expect(pixel.red == pixel.green && pixel.green == pixel.blue)
        }
    }
}
