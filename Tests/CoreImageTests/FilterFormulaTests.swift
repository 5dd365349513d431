import CoreImage
import Foundation
import Testing

/// Every colour filter on solid colours, against the formula its documentation gives,
/// computed here independently. The tolerance is one 8-bit step (rounding).
@Suite("Filters against their formulas")
struct FilterFormulaTests {
    /// Colours with every channel different, some near the ends.
    static let colors = [RGBA(red: 200, green: 100, blue: 50), RGBA(red: 20, green: 140, blue: 230), RGBA(red: 250, green: 245, blue: 10)]

    static let cases: [FormulaCase] = [
        FormulaCase(name: "CISepiaTone at 1: the sepia matrix", filter: "CISepiaTone", parameters: ["inputIntensity": 1]) { Reference.sepia($0) },
        FormulaCase(name: "CISepiaTone at 0.5: half sepia, half the original", filter: "CISepiaTone", parameters: ["inputIntensity": 0.5]) {
            Reference.mix($0, Reference.sepia($0), 0.5)
        },
        FormulaCase(name: "CISepiaTone at 0: no change", filter: "CISepiaTone", parameters: ["inputIntensity": 0]) { $0 },
        FormulaCase(name: "CISepiaTone by default: intensity 1", filter: "CISepiaTone", parameters: [:]) { Reference.sepia($0) },
        FormulaCase(name: "CIColorControls saturation 0: Rec. 709 grey", filter: "CIColorControls", parameters: ["inputSaturation": 0]) {
            Reference.saturate($0, 0)
        },
        FormulaCase(name: "CIColorControls saturation 1.5: extrapolated", filter: "CIColorControls", parameters: ["inputSaturation": 1.5]) {
            Reference.saturate($0, 1.5)
        },
        FormulaCase(name: "CIColorControls brightness 0.2: added", filter: "CIColorControls", parameters: ["inputBrightness": 0.2]) {
            $0.map { $0 + 0.2 }
        },
        FormulaCase(name: "CIColorControls brightness -0.3", filter: "CIColorControls", parameters: ["inputBrightness": -0.3]) {
            $0.map { $0 - 0.3 }
        },
        FormulaCase(name: "CIColorControls contrast 0.5 about 0.5", filter: "CIColorControls", parameters: ["inputContrast": 0.5]) {
            Reference.contrast($0, 0.5)
        },
        FormulaCase(name: "CIColorControls contrast 2", filter: "CIColorControls", parameters: ["inputContrast": 2]) {
            Reference.contrast($0, 2)
        },
        FormulaCase(name: "CIColorControls all three: saturation, contrast, brightness in order", filter: "CIColorControls",
                    parameters: ["inputSaturation": 0.6, "inputContrast": 1.3, "inputBrightness": 0.05]) {
            Reference.contrast(Reference.saturate($0, 0.6), 1.3).map { $0 + 0.05 }
        },
        FormulaCase(name: "CIColorControls saturation below its minimum: clamped to 0", filter: "CIColorControls", parameters: ["inputSaturation": -2]) {
            Reference.saturate($0, 0)
        },
        FormulaCase(name: "CIExposureAdjust +1 EV: linear light doubled", filter: "CIExposureAdjust", parameters: ["inputEV": 1]) {
            $0.map { Reference.encoded(Reference.linear($0) * 2) }
        },
        FormulaCase(name: "CIExposureAdjust -1.5 EV", filter: "CIExposureAdjust", parameters: ["inputEV": -1.5]) {
            $0.map { Reference.encoded(Reference.linear($0) * pow(2, -1.5)) }
        },
        FormulaCase(name: "CIExposureAdjust by default: 0 EV, no change", filter: "CIExposureAdjust", parameters: [:]) { $0 },
        FormulaCase(name: "CIGaussianBlur on one colour: the colour inside", filter: "CIGaussianBlur", parameters: ["inputRadius": 1]) { $0 },
        FormulaCase(name: "CIVignette by default: intensity 0, no change", filter: "CIVignette", parameters: [:]) { $0 },
    ]

    @Test("each colour filter computes its documented formula", arguments: cases)
    func formula(_ formula: FormulaCase) throws {
        for color in Self.colors {
            let input = TestBitmap.solid(color, width: 8, height: 8)
            let output = input.applyingFilter(formula.filter, parameters: formula.parameters)
            let rendered = try Rendered(output.cropped(to: input.extent))
            let expected = formula.expected(color.unit).map(Reference.byte)
            // The blur's edges fade into transparency: its formula holds inside.
            let pixel = rendered[4, 4]
            let actual = [pixel.red, pixel.green, pixel.blue].map(Int.init)
            #expect(zip(actual, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(color) → \(pixel), expected \(expected)")
            #expect(pixel.alpha == 255)
            if formula.filter != "CIGaussianBlur" {
                #expect(Set(rendered.pixels).count == 1, "a colour filter gives a solid colour one colour")
            }
        }
    }

    @Test("a JPEG of a filtered colour keeps the formula's colour within JPEG's error")
    func throughJPEG() throws {
        let color = RGBA(red: 200, green: 100, blue: 50)
        let sepia = TestBitmap.solid(color, width: 16, height: 16).applyingFilter("CISepiaTone", parameters: [kCIInputIntensityKey: 0.7])
        let jpeg = try #require(CIContext().jpegRepresentation(of: sepia, colorSpace: CGColorSpaceCreateDeviceRGB(),
                                                               options: [kCGImageDestinationLossyCompressionQuality: 0.95]))
        let decoded = try Rendered(try #require(CIImage(data: jpeg)))
        let expected = Reference.mix(color.unit, Reference.sepia(color.unit), 0.7).map(Reference.byte)
        let pixel = decoded[8, 8]
        #expect(zip([pixel.red, pixel.green, pixel.blue].map(Int.init), expected).allSatisfy { abs($0 - $1) <= 4 }, "\(pixel) vs \(expected)")
    }
}
