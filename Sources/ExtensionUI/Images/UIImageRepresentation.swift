import Foundation

/// UIKit's `UIImageJPEGRepresentation`: ``UIImage/jpegData(compressionQuality:)``.
public func UIImageJPEGRepresentation(_ image: UIImage, _ compressionQuality: CGFloat) -> Data? {
    image.jpegData(compressionQuality: compressionQuality)
}

/// UIKit's `UIImagePNGRepresentation`: ``UIImage/pngData()``.
public func UIImagePNGRepresentation(_ image: UIImage) -> Data? {
    image.pngData()
}
