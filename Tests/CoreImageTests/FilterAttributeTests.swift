import CoreImage
import Testing

/// Names, input keys and attributes: Apple's, as a running iOS reports them.
@Suite("Filter attributes")
struct FilterAttributeTests {
    /// An input's Apple attributes: default, minimum, maximum (nil where Apple declares none).
    struct Expected: CustomTestStringConvertible, Sendable {
        let filter: String
        let key: String
        let defaultValue: Double
        let minimum: Double?
        let maximum: Double?
        var testDescription: String { "\(filter).\(key)" }
    }

    static let inputs = [
        Expected(filter: "CISepiaTone", key: kCIInputIntensityKey, defaultValue: 1, minimum: 0, maximum: nil),
        Expected(filter: "CIColorControls", key: kCIInputSaturationKey, defaultValue: 1, minimum: 0, maximum: nil),
        Expected(filter: "CIColorControls", key: kCIInputBrightnessKey, defaultValue: 0, minimum: -1, maximum: nil),
        Expected(filter: "CIColorControls", key: kCIInputContrastKey, defaultValue: 1, minimum: 0, maximum: nil),
        Expected(filter: "CIExposureAdjust", key: kCIInputEVKey, defaultValue: 0, minimum: nil, maximum: nil),
        Expected(filter: "CIGaussianBlur", key: kCIInputRadiusKey, defaultValue: 10, minimum: 0, maximum: nil),
        Expected(filter: "CIVignette", key: kCIInputIntensityKey, defaultValue: 0, minimum: -1, maximum: 1),
        Expected(filter: "CIVignette", key: kCIInputRadiusKey, defaultValue: 1, minimum: 0, maximum: 2),
    ]

    @Test("each input's default, minimum and maximum are Apple's", arguments: inputs)
    func attributes(_ expected: Expected) throws {
        let filter = try #require(CIFilter(name: expected.filter))
        let entry = try #require(filter.attributes[expected.key] as? [String: Any])
        #expect(entry[kCIAttributeDefault] as? Double == expected.defaultValue)
        #expect(entry[kCIAttributeMin] as? Double == expected.minimum)
        #expect(entry[kCIAttributeMax] as? Double == expected.maximum)
        #expect(entry[kCIAttributeClass] as? String == "NSNumber")
        #expect(filter.value(forKey: expected.key) as? Double == expected.defaultValue)
        #expect(filter.attributes[kCIAttributeFilterName] as? String == expected.filter)
    }

    static let keys: [(String, [String])] = [
        ("CISepiaTone", [kCIInputImageKey, kCIInputIntensityKey]),
        ("CIColorControls", [kCIInputImageKey, kCIInputSaturationKey, kCIInputBrightnessKey, kCIInputContrastKey]),
        ("CIExposureAdjust", [kCIInputImageKey, kCIInputEVKey]),
        ("CIGaussianBlur", [kCIInputImageKey, kCIInputRadiusKey]),
        ("CIVignette", [kCIInputImageKey, kCIInputRadiusKey, kCIInputIntensityKey]),
    ] + ["Chrome", "Fade", "Instant", "Mono", "Noir", "Process", "Tonal", "Transfer"].map { ("CIPhotoEffect\($0)", [kCIInputImageKey]) }

    @Test("each filter exists with its name, input keys and output key", arguments: keys)
    func inputKeys(_ name: String, _ keys: [String]) throws {
        let filter = try #require(CIFilter(name: name))
        #expect(filter.name == name)
        #expect(filter.inputKeys == keys)
        #expect(filter.outputKeys == [kCIOutputImageKey])
    }

    @Test("setValue and value(forKey:) round-trip; setDefaults puts the numbers back and keeps the image")
    func values() throws {
        let filter = try #require(CIFilter(name: "CIColorControls"))
        let image = TestBitmap.solid(RGBA(red: 1, green: 2, blue: 3))
        filter.setValue(image, forKey: kCIInputImageKey)
        filter.setValue(Float(0.25), forKey: kCIInputSaturationKey)
        filter.setValue(2, forKey: kCIInputContrastKey)
        #expect(filter.value(forKey: kCIInputSaturationKey) as? Double == 0.25)
        #expect(filter.value(forKey: kCIInputContrastKey) as? Double == 2)
        #expect(filter.value(forKey: kCIInputImageKey) as? CIImage === image)
        #expect(filter.value(forKey: kCIOutputImageKey) is CIImage)
        #expect(filter.value(forKey: "inputNothing") == nil)
        filter.setDefaults()
        #expect(filter.value(forKey: kCIInputSaturationKey) as? Double == 1)
        #expect(filter.value(forKey: kCIInputImageKey) as? CIImage === image)
    }

    @Test("the filters are listed by category")
    func names() {
        #expect(CIFilter.filterNames(inCategory: kCICategoryBlur) == ["CIGaussianBlur"])
        #expect(CIFilter.filterNames(inCategory: nil).count == 13)
        #expect(CIFilter.filterNames(inCategories: [kCICategoryColorEffect, kCICategoryXMPSerializable]).count == 9)
        #expect(CIFilter.filterNames(inCategory: kCICategoryBuiltIn) == CIFilter.filterNames(inCategory: nil))
    }
}
