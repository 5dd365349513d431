/// An option for a ``CIContext``. Appex accepts Apple's options and follows none of them: it
/// renders on the CPU with libvips, works in linear sRGB or on sRGB-encoded values as each
/// filter says, and outputs sRGB.
public struct CIContextOption: RawRepresentable, Hashable, Sendable {
    /// The option's name.
    public let rawValue: String
    /// An option named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The colour space filters work in (ignored).
    public static let workingColorSpace = CIContextOption(rawValue: "working_color_space")
    /// The colour space rendered to (ignored: sRGB).
    public static let outputColorSpace = CIContextOption(rawValue: "output_color_space")
    /// The pixel format filters work in (ignored).
    public static let workingFormat = CIContextOption(rawValue: "working_format")
    /// Render on the CPU (Appex always does).
    public static let useSoftwareRenderer = CIContextOption(rawValue: "software_renderer")
    /// Keep intermediate images (ignored: nothing is cached).
    public static let cacheIntermediates = CIContextOption(rawValue: "kCIContextCacheIntermediates")
}

/// An option for encoding an image (``CIContext/jpegRepresentation(of:colorSpace:options:)``).
/// ExpressibleByStringLiteral, so a key can be written as its name.
public struct CIImageRepresentationOption: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The option's name.
    public let rawValue: String
    /// An option named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// An option named `value`.
    public init(stringLiteral value: String) { self.init(rawValue: value) }
}

/// JPEG quality, a number from 0 (smallest file) to 1 (best); Appex's default is 0.9. ImageIO's
/// key, here a ``CIImageRepresentationOption`` so that `[kCGImageDestinationLossyCompressionQuality: 0.8]`
/// and Apple's `kCGImageDestinationLossyCompressionQuality as CIImageRepresentationOption` compile.
public let kCGImageDestinationLossyCompressionQuality = CIImageRepresentationOption(rawValue: "kCGImageDestinationLossyCompressionQuality")
