import Foundation
import Imaging

extension CIImage {
    /// The image turned as a viewer turns a photo whose data is stored in `orientation`:
    /// `.right` (EXIF 6) turns it 90° clockwise, so that a photo taken upright and stored on
    /// its side stands up. The extent keeps its origin; orientations 5…8 swap its width and
    /// height.
    public func oriented(_ orientation: CGImagePropertyOrientation) -> CIImage {
        guard orientation != .up, !extent.isNull else { return self }
        let turned = orientation.rawValue >= 5
        let size = turned ? CGSize(width: extent.height, height: extent.width) : extent.size
        return appending(.orient(exif: Int(orientation.rawValue)), extent: CGRect(origin: extent.origin, size: size))
    }

    /// The image turned for the EXIF orientation `orientation` (1…8, as a file's
    /// ``kCGImagePropertyOrientation`` gives it); any other value leaves it as it is.
    public func oriented(forExifOrientation orientation: Int32) -> CIImage {
        guard let known = UInt32(exactly: orientation).flatMap(CGImagePropertyOrientation.init(rawValue:)) else { return self }
        return oriented(known)
    }

    /// The part of the image inside `rect` (Core Image's coordinates, origin at the bottom
    /// left), rounded outwards to whole pixels; an empty image when they do not meet.
    public func cropped(to rect: CGRect) -> CIImage {
        guard !extent.isNull else { return self }
        let kept = extent.intersection(rect.integral)
        guard !kept.isNull, kept.width > 0, kept.height > 0 else { return .empty() }
        if kept == extent { return self }
        // libvips counts rows from the top.
        let left = Int(kept.minX - extent.minX), top = Int(extent.maxY - kept.maxY)
        return appending(.crop(left: left, top: top, width: Int(kept.width), height: Int(kept.height)), extent: kept)
    }
}
