import Foundation

/// A stand-in for UIKit's `UIImage`, as far as an extension without a screen needs one: the
/// encoded bytes and the pixel size their header gives.
///
/// It lets iOS code that handles images compile and take the same paths: `UIImage(data:)`
/// and `UIImage(contentsOfFile:)` answer `nil` for bytes that are not an image, `size` is
/// the image's size, `item as? UIImage` is `nil` for the `NSData` and `NSURL` items Appex's
/// hosts share. It never decodes pixels: no drawing, scaling or re-encoding (docs/PORTING.md).
///
/// ```swift
/// let image = UIImage(contentsOfFile: url.path)   // PNG, JPEG, GIF or BMP
/// image?.size                                     // CGSize(width: 3024, height: 4032)
/// UIImageJPEGRepresentation(image!, 0.9)          // the bytes, if they are a JPEG; else nil
/// ```
public final class UIImage: NSObject, NSSecureCoding, Sendable {
    /// The encoded image, as given.
    public let imageData: Data
    /// The image's format, read from its first bytes.
    public let format: Format
    /// The size in pixels (and in points: ``scale`` is 1).
    public let size: CGSize

    /// The formats whose size the stand-in reads.
    public enum Format: String, Hashable, Sendable {
        /// `public.png`.
        case png
        /// `public.jpeg`.
        case jpeg
        /// `com.compuserve.gif`.
        case gif
        /// `com.microsoft.bmp`.
        case bmp

        /// The format's type identifier.
        public var typeIdentifier: String {
            switch self {
            case .png: "public.png"
            case .jpeg: "public.jpeg"
            case .gif: "com.compuserve.gif"
            case .bmp: "com.microsoft.bmp"
            }
        }
    }

    /// The scale factor: always 1 (Appex has no screen).
    public var scale: CGFloat { 1 }

    /// An image from encoded bytes; `nil` unless they are a PNG, JPEG, GIF or BMP whose
    /// header gives a size.
    public init?(data: Data) {
        guard let (format, size) = ImageHeader.read(data) else { return nil }
        imageData = data
        self.format = format
        self.size = size
        super.init()
    }

    /// The image in the file at `path`; `nil` when it cannot be read or is not an image.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data)
    }

    /// The image named `name` in the extension's bundle (`name`, `name.png`, `name@2x.png`,
    /// `name.jpg` beside the executable or in its `Resources/`), as UIKit finds one outside an
    /// asset catalogue; `nil` when there is none. Asset catalogues are not read.
    public convenience init?(named name: String) {
        let folders = [Bundle.main.bundleURL, Bundle.main.bundleURL.appendingPathComponent("Resources")]
        let names = [name, name + ".png", name + "@2x.png", name + "@3x.png", name + ".jpg", name + ".jpeg"]
        for folder in folders {
            for candidate in names {
                let url = folder.appendingPathComponent(candidate)
                if let data = FileManager.default.contents(atPath: url.path), UIImage(data: data) != nil {
                    self.init(data: data)
                    return
                }
            }
        }
        return nil
    }

    /// The bytes as JPEG: the encoded bytes when they are a JPEG (whatever the quality), else
    /// `nil`, as nothing here can re-encode.
    public func jpegData(compressionQuality: CGFloat) -> Data? {
        format == .jpeg ? imageData : nil
    }

    /// The bytes as PNG: the encoded bytes when they are a PNG, else `nil`.
    public func pngData() -> Data? {
        format == .png ? imageData : nil
    }

    public static var supportsSecureCoding: Bool { true }

    /// Encodes the bytes under `imageData`.
    public func encode(with coder: NSCoder) {
        coder.encode(imageData as NSData, forKey: "imageData")
    }

    /// Decodes an image encoded by ``encode(with:)``.
    public required convenience init?(coder: NSCoder) {
        guard let data = coder.decodeObject(of: NSData.self, forKey: "imageData") else { return nil }
        self.init(data: data as Data)
    }

    /// `UIImage(jpeg, 4032×3024, 1843210 bytes)`.
    public override var description: String {
        "UIImage(\(format.rawValue), \(Int(size.width))×\(Int(size.height)), \(imageData.count) bytes)"
    }
}
