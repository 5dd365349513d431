import Foundation
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// The sending side of a cross-process notification: a file that writers touch after each
/// commit and observers watch with inotify (``FileWatcher``).
///
/// Like a Darwin notification it carries no payload and may be missed (a writer killed
/// between its commit and its post); receivers therefore look up what changed in the store
/// itself, so a later notification reports every change since the last one delivered.
struct ChangeSignal: Sendable {
    /// The file, `Library/Preferences/<suite>.notify` for shared defaults.
    let url: URL

    /// Creates the file in the group container `container` if missing; a symbolic link
    /// there is ``AppGroupError/Code/symbolicLink``, never followed.
    init(url: URL, container: URL) throws(AppGroupError) {
        self.url = url
        try ContainedPath.check(url, in: container)
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            if errno == ELOOP { throw ContainedPath.linkError(url.path) }
            throw AppGroupError(.fileSystem, "cannot create \(url.path): \(SystemErrorText.text(errno))")
        }
        close(descriptor)
    }

    /// Wakes every observer: writes 8 bytes at offset 0 (the file never grows) and closes
    /// the file, which inotify reports as `IN_CLOSE_WRITE`. Best effort.
    func post() {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        var stamp = UInt64(getpid())
        _ = pwrite(descriptor, &stamp, MemoryLayout<UInt64>.size, 0)
        close(descriptor)
    }
}
