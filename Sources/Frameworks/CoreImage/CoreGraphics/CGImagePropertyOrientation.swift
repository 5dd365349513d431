/// How an image's stored pixels are to be turned for display, with EXIF's values (Apple's
/// ImageIO type; Foundation on Linux has none). The case says where the stored image's top
/// row ends up: `.right` (6) is a photo taken with the phone upright, stored on its side.
public enum CGImagePropertyOrientation: UInt32, Sendable, CaseIterable {
    /// 1: as stored.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: turned 180°.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: mirrored along the top-left to bottom-right diagonal (transposed).
    case leftMirrored = 5
    /// 6: turned 90° clockwise for display.
    case right = 6
    /// 7: mirrored along the other diagonal (transversed).
    case rightMirrored = 7
    /// 8: turned 90° anticlockwise for display.
    case left = 8
}

/// The orientation in an image's ``CIImage/properties``: an `Int` 1…8 (ImageIO's key).
public let kCGImagePropertyOrientation = "Orientation"
/// The stored width in an image's ``CIImage/properties`` (ImageIO's key).
public let kCGImagePropertyPixelWidth = "PixelWidth"
/// The stored height in an image's ``CIImage/properties`` (ImageIO's key).
public let kCGImagePropertyPixelHeight = "PixelHeight"
