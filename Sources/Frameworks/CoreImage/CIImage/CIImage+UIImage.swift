import ExtensionUI
import Foundation

extension CIImage {
    /// The image `image` holds, as UIKit's `CIImage(image:)`: its encoded bytes, read when
    /// rendered; `nil` when libvips cannot read them.
    public convenience init?(image: UIImage) {
        self.init(encodedImageData: image.imageData)
    }
}

extension UIImage {
    /// A PNG of `cgImage`'s pixels, as UIKit's `UIImage(cgImage:)` (encoding blocks).
    /// `nil` only when libvips cannot encode them.
    public convenience init?(cgImage: CGImage) {
        let image = CIImage(cgImage: cgImage)
        guard let png = CIContext().pngRepresentation(of: image, format: .RGBA8, colorSpace: CGColorSpaceCreateDeviceRGB()) else { return nil }
        self.init(data: png)
    }

    /// The image `ciImage` renders to, as a PNG (UIKit's `UIImage(ciImage:)` keeps the
    /// recipe; here it is rendered now, blocking). `nil` when it cannot be rendered.
    public convenience init?(ciImage: CIImage) {
        guard let png = CIContext().pngRepresentation(of: ciImage, format: .RGBA8, colorSpace: CGColorSpaceCreateDeviceRGB()) else { return nil }
        self.init(data: png)
    }
}
