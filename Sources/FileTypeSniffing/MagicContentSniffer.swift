import CMagic
import Synchronization
import TypeIdentifiers

/// A ``ContentSniffer`` over libmagic: the MIME type its database reads from a file's
/// content, as `file --mime-type` prints it.
///
/// One libmagic handle, opened with the system database when the sniffer is created and
/// serialised by a mutex (libmagic handles are not thread-safe). Symbolic links are
/// followed. When the handle cannot be opened, every sniff throws with ``loadError``.
///
/// ```swift
/// let sniffer = MagicContentSniffer()
/// try sniffer.mimeType(ofFileAt: "/etc/hostname")   // text/plain
/// ```
public final class MagicContentSniffer: ContentSniffer {
    private let cookie: Mutex<OpaquePointer?>
    /// Why the libmagic handle could not be opened, if it could not.
    public let loadError: String?

    /// Opens a libmagic handle with the system's compiled database (Debian: libmagic-mgc).
    public init() {
        var error: String?
        let handle = magic_open(MAGIC_MIME_TYPE | MAGIC_ERROR | MAGIC_SYMLINK)
        if let handle {
            if magic_load(handle, nil) != 0 {
                error = "libmagic could not load its database: " + (magic_error(handle).map { String(cString: $0) } ?? "unknown error")
                magic_close(handle)
                cookie = Mutex(nil)
            } else {
                cookie = Mutex(handle)
            }
        } else {
            error = "libmagic could not be opened"
            cookie = Mutex(nil)
        }
        loadError = error
    }

    deinit {
        cookie.withLock { if let handle = $0 { magic_close(handle) } }
    }

    /// The MIME type libmagic reads from the content of the file at `path`.
    ///
    /// - Throws: ``TypeIdentifierError`` with code `unreadable-file`, naming the path, when
    ///   the file cannot be read or libmagic is unavailable.
    public func mimeType(ofFileAt path: String) throws(TypeIdentifierError) -> String {
        let result: Result<String, TypeIdentifierError> = cookie.withLock { handle in
            guard let handle else {
                return .failure(TypeIdentifierError(.unreadableFile, "cannot read \(path): \(loadError ?? "libmagic is unavailable")"))
            }
            guard let mime = magic_file(handle, path) else {
                let reason = magic_error(handle).map { String(cString: $0) } ?? "unknown error"
                return .failure(TypeIdentifierError(.unreadableFile, "cannot read \(path): \(reason)"))
            }
            return .success(String(cString: mime))
        }
        return try result.get()
    }
}
