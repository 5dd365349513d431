/// A colour space, as far as Core Image's rendering methods name one: Appex renders sRGB
/// only, so sRGB and device RGB (taken to be sRGB, as on Apple's devices) are the two there
/// are; `CGColorSpace(name:)` answers `nil` for any other name.
public final class CGColorSpace: Sendable {
    /// The name of the sRGB (IEC 61966-2-1) colour space.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// The name device RGB reports.
    static let deviceRGB = "kCGColorSpaceDeviceRGB"

    /// The space's name.
    public let name: String?

    /// The space named `name`; `nil` unless it is ``sRGB``.
    public init?(name: String) {
        guard name == CGColorSpace.sRGB else { return nil }
        self.name = name
    }

    /// The device RGB space.
    init(deviceRGB: Void) {
        name = CGColorSpace.deviceRGB
    }

    /// The number of colour components: 3 (red, green, blue).
    public var numberOfComponents: Int { 3 }
}

/// The device RGB colour space (rendered as sRGB).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace {
    CGColorSpace(deviceRGB: ())
}
