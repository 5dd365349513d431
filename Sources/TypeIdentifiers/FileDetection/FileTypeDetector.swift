import Foundation

/// Decides a file's type the way a user expects: by extension first, then by content
/// through libmagic when the extension is absent or unknown; a directory is
/// `public.folder` or the bundle type its extension declares.
///
/// ```swift
/// let detection = try FileTypeDetector.shared.detect(fileAt: URL(fileURLWithPath: "photo"))
/// detection.type        // public.jpeg, read from the content
/// detection.method      // .content
/// ```
public final class FileTypeDetector: Sendable {
    /// A detector over the shared registry.
    public static let shared = FileTypeDetector()

    /// The registry types are resolved in.
    public let registry: TypeRegistry
    private let magic = MagicCookie()

    /// Creates a detector resolving types in `registry`.
    public init(registry: TypeRegistry = .shared) {
        self.registry = registry
    }

    /// Detects the type of the file at `url`.
    ///
    /// Throws when the path does not exist, or when the content must be read (no known
    /// extension) and cannot be.
    public func detect(fileAt url: URL) throws(TypeIdentifierError) -> FileTypeDetection {
        let path = url.path
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            var link = stat()
            if lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
                return FileTypeDetection(type: systemType("public.symlink"), method: .special)
            }
            throw TypeIdentifierError(.unreadableFile, "cannot examine \(path): \(reason)")
        }
        let ext = url.pathExtension
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            let bundle = ext.isEmpty ? nil : registry.declaredTypes(tag: ext, tagClass: .filenameExtension, conformingTo: nil)
                .first { $0.conforms(to: systemType("public.directory")) }
            return FileTypeDetection(type: bundle ?? systemType("public.folder"), method: .directory)
        case S_IFREG:
            break
        default:
            return FileTypeDetection(type: systemType("public.item"), method: .special)
        }
        if !ext.isEmpty, let known = registry.declaredTypes(tag: ext, tagClass: .filenameExtension, conformingTo: nil)
            .first(where: { !$0.conforms(to: systemType("public.directory")) }) {
            return FileTypeDetection(type: known, method: .filenameExtension)
        }
        let mime = try magic.mimeType(ofFileAt: path).get()
        return FileTypeDetection(type: type(forSniffed: mime, extension: ext), method: .content, sniffedMIMEType: mime)
    }

    /// The type for a MIME type libmagic reported.
    private func type(forSniffed mime: String, extension ext: String) -> UTType {
        let generic: Set<String> = ["application/octet-stream", "inode/x-empty", "application/x-empty"]
        if generic.contains(mime) {
            // Nothing recognisable: the unknown extension's dynamic type, else plain data.
            if !ext.isEmpty, let dynamic = registry.type(tag: ext, tagClass: .filenameExtension, conformingTo: nil) {
                return dynamic
            }
            return systemType("public.data")
        }
        if let declared = registry.declaredTypes(tag: mime, tagClass: .mimeType, conformingTo: nil).first {
            return declared
        }
        return registry.type(tag: mime, tagClass: .mimeType, conformingTo: nil) ?? systemType("public.data")
    }

    private func systemType(_ identifier: String) -> UTType {
        registry.type(withIdentifier: identifier) ?? registry.systemType(identifier)
    }
}

extension UTType {
    /// The type of the file at `url`, by extension, then content, as
    /// ``FileTypeDetector/detect(fileAt:)`` decides it.
    public init(forFileAt url: URL) throws(TypeIdentifierError) {
        self = try FileTypeDetector.shared.detect(fileAt: url).type
    }
}
