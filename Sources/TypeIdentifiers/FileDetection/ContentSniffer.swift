/// Reads a file's content to name its MIME type, for ``FileTypeDetector`` when a file's
/// extension is absent or unknown.
///
/// TypeIdentifiers reads no content itself, so that what links it (every extension
/// executable, through AppExtensions) does not link a content-sniffing library. The
/// FileTypeSniffing module provides `MagicContentSniffer` (libmagic) and
/// `FileTypeDetector.sniffing`, a detector that uses it; tests can provide their own.
public protocol ContentSniffer: Sendable {
    /// The MIME type of the content of the regular file at `path`, such as `image/png`;
    /// `application/octet-stream` when nothing is recognised (`inode/x-empty` or
    /// `application/x-empty` for an empty file).
    ///
    /// - Throws: ``TypeIdentifierError`` with code `unreadable-file`, naming the path, when
    ///   the content cannot be read.
    func mimeType(ofFileAt path: String) throws(TypeIdentifierError) -> String
}
