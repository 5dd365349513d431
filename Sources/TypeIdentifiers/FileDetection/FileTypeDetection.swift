/// The type of a file and how it was decided.
public struct FileTypeDetection: Sendable, Hashable {
    /// How a file's type was decided.
    public enum Method: String, Sendable, Hashable {
        /// The path is a directory: `public.folder`, or the bundle type its extension names.
        case directory
        /// A declared type claims the file's extension.
        case filenameExtension = "filename-extension"
        /// The detector's ``ContentSniffer`` read the content (the extension was absent or unknown).
        case content
        /// The extension was absent or unknown and the detector has no ``ContentSniffer``:
        /// the unknown extension's dynamic type, else `public.data`.
        case fallback
        /// A FIFO, socket, device or dangling symbolic link: nothing to read.
        case special
    }

    /// The file's type.
    public var type: UTType
    /// How it was decided.
    public var method: Method
    /// The MIME type the content sniffer reported, when content was read.
    public var sniffedMIMEType: String?
}
