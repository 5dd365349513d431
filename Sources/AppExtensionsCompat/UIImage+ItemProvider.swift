import Foundation
import TypeIdentifiers

// The UIImage stand-in as an item-provider object (iOS 11) and a Transferable (iOS 16). Only
// the stand-in's public API and the protocols are used, so this file moves with UIImage.

extension UIImage: NSItemProviderReading, NSItemProviderWriting, Transferable {
    /// The formats whose header the stand-in reads: `public.png`, `public.jpeg`,
    /// `com.compuserve.gif`, `com.microsoft.bmp` (iOS reads every format ImageIO decodes).
    public static var readableTypeIdentifiersForItemProvider: [String] {
        ["public.png", "public.jpeg", "com.compuserve.gif", "com.microsoft.bmp"]
    }

    /// An image of the bytes.
    /// - Throws: ``ItemProviderError`` -1100 when they are not a PNG, JPEG, GIF or BMP.
    public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> UIImage {
        guard let image = UIImage(data: data) else {
            throw ItemProviderError(.unexpectedValueClassError,
                                    "The \(data.count) bytes of \(typeIdentifier) are not a PNG, JPEG, GIF or BMP image")
        }
        return image
    }

    /// `public.png` and `public.jpeg`, as iOS writes images.
    public static var writableTypeIdentifiersForItemProvider: [String] { ["public.png", "public.jpeg"] }

    /// The type of the image's own bytes: the stand-in cannot re-encode, so it writes only
    /// its format (`public.jpeg` for a JPEG, …).
    public var writableTypeIdentifiersForItemProvider: [String] { [Self.typeIdentifier(of: format)] }

    /// The encoded bytes, when `typeIdentifier` is the image's own format (or a type it
    /// conforms to, such as `public.image`); otherwise -1200, as nothing here re-encodes.
    public func loadData(withTypeIdentifier typeIdentifier: String,
                         forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress? {
        let own = Self.typeIdentifier(of: format)
        if let own = UTType(own), let asked = UTType(typeIdentifier), own.conforms(to: asked) {
            completionHandler(imageData, nil)
        } else {
            completionHandler(nil, ItemProviderError(.unavailableCoercionError,
                                                     "The UIImage stand-in holds \(own) bytes and cannot re-encode them as \(typeIdentifier)"))
        }
        return nil
    }

    /// The image types the stand-in reads (``readableTypeIdentifiersForItemProvider``).
    public static var importedContentTypes: [UTType] {
        readableTypeIdentifiersForItemProvider.compactMap { UTType($0) }
    }

    /// An image of the bytes (``object(withItemProviderData:typeIdentifier:)``).
    public static func importing(_ data: Data, contentType: UTType) throws -> UIImage {
        try object(withItemProviderData: data, typeIdentifier: contentType.identifier)
    }

    /// The type identifier of an encoded format.
    static func typeIdentifier(of format: Format) -> String {
        switch format {
        case .png: "public.png"
        case .jpeg: "public.jpeg"
        case .gif: "com.compuserve.gif"
        case .bmp: "com.microsoft.bmp"
        }
    }
}
