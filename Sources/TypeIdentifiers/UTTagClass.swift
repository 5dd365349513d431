/// A kind of tag that maps onto types: filename extensions and MIME types.
public struct UTTagClass: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The tag class's identifier, such as `public.filename-extension`.
    public let rawValue: String
    /// Creates a tag class from its identifier.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Filename extensions, without the leading dot.
    public static let filenameExtension = UTTagClass(rawValue: "public.filename-extension")
    /// MIME types, such as `image/png`.
    public static let mimeType = UTTagClass(rawValue: "public.mime-type")

    public var description: String { rawValue }
}
