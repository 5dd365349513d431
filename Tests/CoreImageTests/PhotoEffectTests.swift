import CoreImage
import Testing

/// The photo effects: Apple publishes no formula, so each is checked against the
/// approximation docs/CORE-IMAGE.md gives for it, and for doing what Apple's sentence says.
@Suite("The photo effects")
struct PhotoEffectTests {
    /// `rgb × factor + lift`, channel by channel.
    static func tint(_ rgb: [Double], _ factors: [Double], _ lifts: [Double]) -> [Double] {
        (0..<3).map { rgb[$0] * factors[$0] + lifts[$0] }
    }

    static let cases: [FormulaCase] = [
        FormulaCase(name: "Chrome: saturation 1.3, contrast 1.15", filter: "CIPhotoEffectChrome", parameters: [:]) {
            Reference.contrast(Reference.saturate($0, 1.3), 1.15)
        },
        FormulaCase(name: "Fade: saturation 0.6, tones into 0.1…0.9", filter: "CIPhotoEffectFade", parameters: [:]) {
            Reference.saturate($0, 0.6).map { 0.1 + 0.8 * $0 }
        },
        FormulaCase(name: "Instant: saturation 0.75, warm, lifted blacks", filter: "CIPhotoEffectInstant", parameters: [:]) {
            tint(Reference.saturate($0, 0.75), [1.04, 1, 0.9], [0.04, 0.02, 0])
        },
        FormulaCase(name: "Process: contrast 1.1, cool", filter: "CIPhotoEffectProcess", parameters: [:]) {
            tint(Reference.contrast($0, 1.1), [0.9, 1, 1.1], [0, 0, 0.02])
        },
        FormulaCase(name: "Transfer: contrast 1.05, warm", filter: "CIPhotoEffectTransfer", parameters: [:]) {
            tint(Reference.contrast($0, 1.05), [1.1, 1.03, 0.85], [0.02, 0, 0])
        },
        FormulaCase(name: "Mono: grey, contrast 0.8", filter: "CIPhotoEffectMono", parameters: [:]) {
            Reference.contrast(Reference.saturate($0, 0), 0.8)
        },
        FormulaCase(name: "Noir: grey, contrast 1.5", filter: "CIPhotoEffectNoir", parameters: [:]) {
            Reference.contrast(Reference.saturate($0, 0), 1.5)
        },
        FormulaCase(name: "Tonal: grey", filter: "CIPhotoEffectTonal", parameters: [:]) { Reference.saturate($0, 0) },
    ]

    @Test("each photo effect computes its documented approximation", arguments: cases)
    func formula(_ formula: FormulaCase) throws {
        for color in FilterFormulaTests.colors {
            let rendered = try Rendered(TestBitmap.solid(color).applyingFilter(formula.filter))
            let expected = formula.expected(color.unit).map(Reference.byte)
            let pixel = rendered[1, 1]
            #expect(zip([pixel.red, pixel.green, pixel.blue].map(Int.init), expected).allSatisfy { abs($0 - $1) <= 1 },
                    "\(color) → \(pixel), expected \(expected)")
        }
    }

    @Test("the black-and-white effects are grey; Noir has more contrast than Tonal, Tonal than Mono",
          arguments: ["CIPhotoEffectMono", "CIPhotoEffectNoir", "CIPhotoEffectTonal"])
    func monochrome(_ name: String) throws {
        let pixel = try Rendered(TestBitmap.solid(RGBA(red: 200, green: 60, blue: 90)).applyingFilter(name))[0, 0]
        #expect(pixel.red == pixel.green && pixel.green == pixel.blue)
        let spread = { (name: String) throws -> Int in
            let dark = try Rendered(TestBitmap.solid(RGBA(red: 40, green: 40, blue: 40)).applyingFilter(name))[0, 0]
            let light = try Rendered(TestBitmap.solid(RGBA(red: 215, green: 215, blue: 215)).applyingFilter(name))[0, 0]
            return Int(light.red) - Int(dark.red)
        }
        #expect(try spread("CIPhotoEffectNoir") > spread("CIPhotoEffectTonal"))
        #expect(try spread("CIPhotoEffectTonal") > spread("CIPhotoEffectMono"))
    }

    @Test("Process turns grey cool, Transfer and Instant warm")
    func casts() throws {
        let grey = TestBitmap.solid(RGBA(red: 128, green: 128, blue: 128))
        let process = try Rendered(grey.applyingFilter("CIPhotoEffectProcess"))[0, 0]
        #expect(process.blue > process.red)
        for name in ["CIPhotoEffectTransfer", "CIPhotoEffectInstant"] {
            let warm = try Rendered(grey.applyingFilter(name))[0, 0]
            #expect(warm.red > warm.blue, "\(name): \(warm)")
        }
    }
}
