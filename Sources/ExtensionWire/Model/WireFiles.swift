import SystemSupport
import AppExtensions
import CAppexSystem
import ExtensionIPC
import Foundation
import Glibc

/// Files as they cross the wire: opened read-only on one side, read through
/// `/proc/self/fd/N` on the other.
package enum WireFiles {
    /// Opens `url` read-only (close-on-exec) for sending; a directory or anything that
    /// is not a regular file is refused (a named pipe without waiting for a writer).
    package static func openForSending(_ url: URL) throws(ItemProviderError) -> OwnedFileDescriptor {
        let fd = Glibc.open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw ItemProviderError(.itemUnavailableError, "Cannot open \(url.lastPathComponent) to hand it over: \(SystemErrorText.text(errno))")
        }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            Glibc.close(fd)
            throw ItemProviderError(.itemUnavailableError, "Cannot hand over \(url.lastPathComponent): it is not a regular file")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return OwnedFileDescriptor(taking: fd)
    }

    /// The file open at `descriptor`, reopened through a second name in `folder`, the run's
    /// hand-off folder, which the sandboxed extension may read but not write: its reopen
    /// of `/proc/self/fd/N` for writing must fail (``ChildProcess/PrivateFolders/handOff``).
    /// A hard link where the file system allows one, so the extension reads the file
    /// itself; a copy where it does not (another file system, or a file the user does not
    /// own under `fs.protected_hardlinks`). The new name is opened through `openPath`
    /// (``ChildProcess/handOffPath(_:)``). Blocking: call it off Swift's shared threads.
    package static func handOff(_ descriptor: OwnedFileDescriptor, named name: String, through folder: String,
                                openingThrough openPath: (String) -> String?) throws(ItemProviderError) -> OwnedFileDescriptor {
        guard let fd = descriptor.rawValue else {
            throw ItemProviderError(.itemUnavailableError, "Cannot hand over \(name): its descriptor is closed")
        }
        let path = folder + "/" + UUID().uuidString + "-" + name.replacingOccurrences(of: "/", with: "_")
        if appex_link_descriptor(fd, path) != 0 {
            do {
                try FileManager.default.copyItem(atPath: "/proc/self/fd/\(fd)", toPath: path)
            } catch {
                throw ItemProviderError(.itemUnavailableError, "Cannot hand over \(name) to the sandbox: \(error.localizedDescription)")
            }
        }
        guard let opening = openPath(path) else {
            throw ItemProviderError(.itemUnavailableError, "Cannot hand over \(name): the sandboxed extension is gone")
        }
        return try openForSending(URL(fileURLWithPath: opening))
    }

    /// The path through which this process reads a received descriptor.
    package static func url(of descriptor: OwnedFileDescriptor) -> URL {
        URL(fileURLWithPath: "/proc/self/fd/\(descriptor.rawValue ?? -1)")
    }
}
