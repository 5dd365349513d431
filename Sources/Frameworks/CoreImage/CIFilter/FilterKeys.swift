// Apple's names for filter keys, attribute keys and categories, with Apple's values.

/// The image a filter works on (a ``CIImage``).
public let kCIInputImageKey = "inputImage"
/// How strong the effect is (CISepiaTone, CIVignette).
public let kCIInputIntensityKey = "inputIntensity"
/// A distance in pixels (CIGaussianBlur) or in units of the image (CIVignette).
public let kCIInputRadiusKey = "inputRadius"
/// Exposure value in stops (CIExposureAdjust).
public let kCIInputEVKey = "inputEV"
/// Saturation (CIColorControls).
public let kCIInputSaturationKey = "inputSaturation"
/// Brightness (CIColorControls).
public let kCIInputBrightnessKey = "inputBrightness"
/// Contrast (CIColorControls).
public let kCIInputContrastKey = "inputContrast"
/// The image a filter makes.
public let kCIOutputImageKey = "outputImage"

/// In ``CIFilter/attributes``: the filter's name.
public let kCIAttributeFilterName = "CIAttributeFilterName"
/// In ``CIFilter/attributes``: the filter's name for people.
public let kCIAttributeFilterDisplayName = "CIAttributeFilterDisplayName"
/// In ``CIFilter/attributes``: the categories the filter is in.
public let kCIAttributeFilterCategories = "CIAttributeFilterCategories"
/// In an input's attributes: the class of its value (`"NSNumber"`, `"CIImage"`).
public let kCIAttributeClass = "CIAttributeClass"
/// In an input's attributes: what kind of value it is (``kCIAttributeTypeScalar``, …).
public let kCIAttributeType = "CIAttributeType"
/// In an input's attributes: its value after ``CIFilter/setDefaults()``.
public let kCIAttributeDefault = "CIAttributeDefault"
/// In an input's attributes: the smallest value it takes (smaller ones are raised to it).
public let kCIAttributeMin = "CIAttributeMin"
/// In an input's attributes: the largest value it takes (larger ones are lowered to it).
public let kCIAttributeMax = "CIAttributeMax"
/// In an input's attributes: the smallest value a slider should offer.
public let kCIAttributeSliderMin = "CIAttributeSliderMin"
/// In an input's attributes: the largest value a slider should offer.
public let kCIAttributeSliderMax = "CIAttributeSliderMax"
/// In an input's attributes: the value that leaves the image unchanged.
public let kCIAttributeIdentity = "CIAttributeIdentity"
/// In an input's attributes: its name for people.
public let kCIAttributeDisplayName = "CIAttributeDisplayName"
/// In an input's attributes: what it does.
public let kCIAttributeDescription = "CIAttributeDescription"

/// A plain number.
public let kCIAttributeTypeScalar = "CIAttributeTypeScalar"
/// A distance.
public let kCIAttributeTypeDistance = "CIAttributeTypeDistance"
/// An image.
public let kCIAttributeTypeImage = "CIAttributeTypeImage"

/// Every filter Core Image has built in.
public let kCICategoryBuiltIn = "CICategoryBuiltIn"
/// Filters that adjust colour (CIColorControls, CIExposureAdjust).
public let kCICategoryColorAdjustment = "CICategoryColorAdjustment"
/// Filters that give colour an effect (CISepiaTone, CIVignette, the photo effects).
public let kCICategoryColorEffect = "CICategoryColorEffect"
/// Blurs (CIGaussianBlur).
public let kCICategoryBlur = "CICategoryBlur"
/// Filters for still images.
public let kCICategoryStillImage = "CICategoryStillImage"
/// Filters for video.
public let kCICategoryVideo = "CICategoryVideo"
/// Filters whose settings Photos saves as XMP (the photo effects, CISepiaTone, CIExposureAdjust).
public let kCICategoryXMPSerializable = "CICategoryXMPSerializable"
