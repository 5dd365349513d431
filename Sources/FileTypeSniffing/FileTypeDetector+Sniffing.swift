import TypeIdentifiers

extension FileTypeDetector {
    /// A detector over the shared registry that reads a file's content with libmagic when
    /// its extension is absent or unknown: what the `appex` commands use for files.
    ///
    /// ```swift
    /// let detection = try FileTypeDetector.sniffing.detect(fileAt: URL(fileURLWithPath: "photo"))
    /// detection.type             // public.jpeg, read from the content
    /// detection.method           // .content
    /// detection.sniffedMIMEType  // "image/jpeg"
    /// ```
    public static let sniffing = FileTypeDetector(contentSniffer: MagicContentSniffer())
}
