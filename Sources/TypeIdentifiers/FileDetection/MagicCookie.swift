import CMagic
import Synchronization

/// A libmagic handle that reports MIME types, serialised by a mutex (libmagic handles are
/// not thread-safe).
final class MagicCookie: Sendable {
    private let cookie: Mutex<OpaquePointer?>
    /// Why the handle could not be opened, if it could not.
    let loadError: String?

    init() {
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

    /// The MIME type libmagic reads from a file's content.
    func mimeType(ofFileAt path: String) -> Result<String, TypeIdentifierError> {
        cookie.withLock { handle in
            guard let handle else {
                return .failure(TypeIdentifierError(.unreadableFile, loadError ?? "libmagic is unavailable"))
            }
            guard let result = magic_file(handle, path) else {
                let reason = magic_error(handle).map { String(cString: $0) } ?? "unknown error"
                return .failure(TypeIdentifierError(.unreadableFile, "cannot read \(path): \(reason)"))
            }
            return .success(String(cString: result))
        }
    }
}
