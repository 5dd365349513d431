import SystemSupport
import AppExtensions
import ExtensionIPC
import Foundation
import Glibc

/// Files as they cross the wire: opened read-only on one side, read through
/// `/proc/self/fd/N` on the other.
package enum WireFiles {
    /// Opens `url` read-only (close-on-exec) for sending; a directory or anything that
    /// is not a regular file is refused.
    package static func openForSending(_ url: URL) throws(ItemProviderError) -> OwnedFileDescriptor {
        let fd = Glibc.open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw ItemProviderError(.itemUnavailableError, "Cannot open \(url.lastPathComponent) to hand it over: \(SystemErrorText.text(errno))")
        }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            Glibc.close(fd)
            throw ItemProviderError(.itemUnavailableError, "Cannot hand over \(url.lastPathComponent): it is not a regular file")
        }
        return OwnedFileDescriptor(taking: fd)
    }

    /// The path through which this process reads a received descriptor.
    package static func url(of descriptor: OwnedFileDescriptor) -> URL {
        URL(fileURLWithPath: "/proc/self/fd/\(descriptor.rawValue ?? -1)")
    }
}
