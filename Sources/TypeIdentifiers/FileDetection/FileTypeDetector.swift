import Foundation
import SystemSupport

/// Decides a file's type the way a user expects: by extension first, then by content
/// when the extension is absent or unknown and the detector has a ``ContentSniffer``;
/// a directory is `public.folder` or the bundle type its extension declares.
///
/// Without a sniffer a file whose extension decides nothing is its extension's dynamic
/// type, else `public.data` (``FileTypeDetection/Method/fallback``). FileTypeSniffing's
/// `FileTypeDetector.sniffing` reads the content with libmagic:
///
/// ```swift
/// try FileTypeDetector.shared.detect(fileAt: URL(fileURLWithPath: "notes.txt")).type  // public.plain-text
/// try FileTypeDetector.shared.detect(fileAt: URL(fileURLWithPath: "photo")).method    // .fallback
/// try FileTypeDetector.sniffing.detect(fileAt: URL(fileURLWithPath: "photo")).type    // public.jpeg (import FileTypeSniffing)
/// ```
public final class FileTypeDetector: Sendable {
    /// A detector over the shared registry, by extension only (no content sniffer).
    public static let shared = FileTypeDetector()

    /// The registry types are resolved in.
    public let registry: TypeRegistry
    /// What reads a file's content when its extension decides nothing; `nil` reads nothing.
    public let contentSniffer: (any ContentSniffer)?

    /// Creates a detector resolving types in `registry`, reading content with
    /// `contentSniffer` when there is one.
    public init(registry: TypeRegistry = .shared, contentSniffer: (any ContentSniffer)? = nil) {
        self.registry = registry
        self.contentSniffer = contentSniffer
    }

    /// Detects the type of the file at `url`.
    ///
    /// Throws when the path does not exist, or when the content must be read (no known
    /// extension, and a content sniffer) and cannot be.
    public func detect(fileAt url: URL) throws(TypeIdentifierError) -> FileTypeDetection {
        let path = url.path
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = SystemErrorText.text(errno)
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
        guard let contentSniffer else {
            return FileTypeDetection(type: unrecognised(extension: ext), method: .fallback)
        }
        let mime = try contentSniffer.mimeType(ofFileAt: path)
        return FileTypeDetection(type: type(forSniffed: mime, extension: ext), method: .content, sniffedMIMEType: mime)
    }

    /// The MIME types a sniffer reports for content it does not recognise.
    private static let unrecognisedMIMETypes: Set<String> = ["application/octet-stream", "inode/x-empty", "application/x-empty"]

    /// The type for a MIME type the content sniffer reported.
    private func type(forSniffed mime: String, extension ext: String) -> UTType {
        if Self.unrecognisedMIMETypes.contains(mime) { return unrecognised(extension: ext) }
        if let declared = registry.declaredTypes(tag: mime, tagClass: .mimeType, conformingTo: nil).first {
            return declared
        }
        return registry.type(tag: mime, tagClass: .mimeType, conformingTo: nil) ?? systemType("public.data")
    }

    /// A file nothing recognises: the unknown extension's dynamic type, else plain data.
    private func unrecognised(extension ext: String) -> UTType {
        if !ext.isEmpty, let dynamic = registry.type(tag: ext, tagClass: .filenameExtension, conformingTo: nil) {
            return dynamic
        }
        return systemType("public.data")
    }

    private func systemType(_ identifier: String) -> UTType {
        registry.type(withIdentifier: identifier) ?? registry.systemType(identifier)
    }
}

extension UTType {
    /// The type of the file at `url` as ``FileTypeDetector/shared`` decides it: by extension,
    /// without reading content (use `FileTypeDetector.sniffing` from FileTypeSniffing for that).
    public init(forFileAt url: URL) throws(TypeIdentifierError) {
        self = try FileTypeDetector.shared.detect(fileAt: url).type
    }
}
