/// An option for making a ``CIImage`` from a file or data.
public struct CIImageOption: RawRepresentable, Hashable, Sendable {
    /// The option's name.
    public let rawValue: String
    /// An option named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `true`: turn the image upright by its ``kCGImagePropertyOrientation`` as it is made
    /// (its extent is then the displayed size). `false`, the default: keep the pixels as
    /// stored and leave the turning to ``CIImage/oriented(forExifOrientation:)``.
    public static let applyOrientationProperty = CIImageOption(rawValue: "kCIImageApplyOrientationProperty")
}

/// A pixel layout for bitmap data (``CIImage/init(bitmapData:bytesPerRow:size:format:colorSpace:)``)
/// and PNG output: the 8-bit RGBA layouts Appex reads.
public struct CIFormat: RawRepresentable, Hashable, Sendable {
    /// The layout's number (Apple's four-character code).
    public let rawValue: Int32
    /// The layout numbered `rawValue`.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Red, green, blue, alpha: a byte each, alpha premultiplied.
    public static let RGBA8 = CIFormat(rawValue: 0x5247_4261) // 'RGBa'
    /// Blue, green, red, alpha: a byte each, alpha premultiplied.
    public static let BGRA8 = CIFormat(rawValue: 0x4247_5241) // 'BGRA'
}
