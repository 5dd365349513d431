import CoreImage
import Foundation
import Testing

/// CIVignette: each colour times 1 − intensity × min(1, (d / radius)²) in linear light, d the
/// distance from the centre over half the diagonal.
@Suite("CIVignette")
struct VignetteTests {
    struct Setting: CustomTestStringConvertible, Sendable {
        let radius: Double
        let intensity: Double
        var testDescription: String { "radius \(radius), intensity \(intensity)" }
    }

    static let settings = [
        Setting(radius: 1, intensity: 1), Setting(radius: 1, intensity: 0.5), Setting(radius: 0.5, intensity: 0.8),
        Setting(radius: 2, intensity: 1), Setting(radius: 1, intensity: -0.5), Setting(radius: 0, intensity: 0.3),
        // Out of Apple's ranges: clamped to intensity 1, radius 2.
        Setting(radius: 5, intensity: 3),
    ]

    @Test("every pixel is darkened by the documented falloff", arguments: settings)
    func falloff(_ setting: Setting) throws {
        let (size, color) = (21, RGBA(red: 180, green: 120, blue: 60))
        let output = TestBitmap.solid(color, width: size, height: size)
            .applyingFilter("CIVignette", parameters: [kCIInputRadiusKey: setting.radius, kCIInputIntensityKey: setting.intensity])
        let rendered = try Rendered(output)
        #expect(output.extent == CGRect(x: 0, y: 0, width: size, height: size))
        let (radius, intensity) = (min(setting.radius, 2), min(setting.intensity, 1))
        let halfDiagonal = sqrt(2.0) * Double(size) / 2
        for y in 0..<size {
            for x in 0..<size {
                let d = hypot(Double(x) + 0.5 - Double(size) / 2, Double(y) + 0.5 - Double(size) / 2) / halfDiagonal
                let share = radius > 0 ? min(1, (d / radius) * (d / radius)) : 1
                let factor = 1 - intensity * share
                let expected = color.unit.map { Reference.byte(Reference.encoded(Reference.linear($0) * factor)) }
                let pixel = rendered[x, y]
                let actual = [pixel.red, pixel.green, pixel.blue].map(Int.init)
                #expect(zip(actual, expected).allSatisfy { abs($0 - $1) <= 1 }, "(\(x), \(y)): \(pixel), expected \(expected)")
            }
        }
    }

    @Test("the centre keeps its colour and the corners darken most")
    func shape() throws {
        let color = RGBA(red: 200, green: 200, blue: 200)
        let rendered = try Rendered(TestBitmap.solid(color, width: 21, height: 21)
            .applyingFilter("CIVignette", parameters: [kCIInputIntensityKey: 0.7]))
        #expect(rendered[10, 10] == color)
        #expect(rendered[0, 0].red < rendered[0, 10].red && rendered[0, 10].red < rendered[10, 10].red)
    }
}
