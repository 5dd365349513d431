import Foundation
import Imaging

extension FilterDefinition {
    /// CIExposureAdjust: "Adjusts the exposure setting for an image similar to the way you
    /// control exposure for a camera when you change the F-stop. This filter multiplies the
    /// color values, as follows, to simulate exposure change by the specified F-stops:
    /// `s.rgb * pow(2.0, ev)`" (Apple, Core Image Filter Reference, CIExposureAdjust).
    ///
    /// Core Image's filters work on its working space, linear light by default, so Appex
    /// multiplies the linear colour: the sRGB encoding is removed, the colour multiplied by
    /// 2^EV, the encoding put back (values above 1 are clamped when rendered). Attributes as
    /// iOS reports them: default 0, identity 0, slider −10…10 (the old reference said a
    /// default of 0.5; iOS's attributes say 0).
    static let exposureAdjust = FilterDefinition(
        name: "CIExposureAdjust", displayName: "Exposure Adjust",
        categories: [kCICategoryColorAdjustment, kCICategoryVideo, kCICategoryStillImage, kCICategoryXMPSerializable, kCICategoryBuiltIn],
        inputs: [
            FilterInput(key: kCIInputEVKey, displayName: "EV", type: kCIAttributeTypeScalar,
                        description: "The amount to adjust the exposure of the image by. The larger the value, the brighter the exposure.",
                        defaultValue: 0, identity: 0, sliderMinimum: -10, sliderMaximum: 10),
        ],
        apply: { image, arguments in
            image.applying(.scale(Foundation.pow(2, arguments[kCIInputEVKey]), space: .linear))
        })
}
