import Foundation
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// Paths inside an app group's container, reached without following a symbolic link.
///
/// An extension writes its group's container, and extensions are hostile by assumption:
/// one may replace a folder or file there — `Library/Preferences`, the inbox's `Files/`,
/// an attachment — with a symbolic link to the user's own files. The containing app opens
/// the group with the user's full rights, so following such a link would let the extension
/// read, overwrite or delete what its sandbox kept from it (``ShareInbox/recover()``
/// removed every file of a linked `Files/` folder that no share named). So the module
/// follows no link below a container's own folder: a link where it expects a folder or a
/// file is ``AppGroupError/Code/symbolicLink``, naming the path and where it points. The
/// container's folder itself is the host's to place (a sandboxed extension can change what
/// is inside it, not the folder), so links above it are followed.
enum ContainedPath {
    /// Throws ``AppGroupError/Code/symbolicLink`` when a component of `url` below
    /// `container` is a symbolic link. A missing component ends the check: what the module
    /// makes there is a real folder or file.
    static func check(_ url: URL, in container: URL) throws(AppGroupError) {
        var path = container.standardizedFileURL.path
        for component in try components(of: url, in: container) {
            path += "/" + component
            var status = stat()
            guard lstat(path, &status) == 0 else { return }
            if status.st_mode & S_IFMT == S_IFLNK { throw linkError(path) }
        }
    }

    /// Opens the folder `url` below `container` one component at a time, refusing to follow
    /// a symbolic link (O_NOFOLLOW), so that the descriptor is that folder whatever the
    /// extension renames meanwhile. The caller closes it.
    static func openFolder(_ url: URL, in container: URL) throws(AppGroupError) -> Int32 {
        var descriptor = open(container.standardizedFileURL.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw AppGroupError(.fileSystem, "cannot open \(container.path): \(SystemErrorText.text(errno))")
        }
        var path = container.standardizedFileURL.path
        for component in try components(of: url, in: container) {
            path += "/" + component
            let next = openat(descriptor, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let code = errno
            close(descriptor)
            guard next >= 0 else {
                if code == ELOOP || code == ENOTDIR, isLink(path) { throw linkError(path) }
                throw AppGroupError(.fileSystem, "cannot open \(path): \(SystemErrorText.text(code))")
            }
            descriptor = next
        }
        return descriptor
    }

    /// The components of `url` below `container`; an error when it is not below it.
    private static func components(of url: URL, in container: URL) throws(AppGroupError) -> [String] {
        let root = container.standardizedFileURL.pathComponents
        let all = url.standardizedFileURL.pathComponents
        guard all.count >= root.count, Array(all.prefix(root.count)) == root else {
            throw AppGroupError(.fileSystem, "\(url.path) is not inside the group container \(container.path)")
        }
        return Array(all.dropFirst(root.count))
    }

    private static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// The error for the link at `path`.
    static func linkError(_ path: String) -> AppGroupError {
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
        return AppGroupError(.symbolicLink, "\(path) is a symbolic link (to \(target)): a link in an app group's container "
                             + "is never followed, since any member of the group (an extension) could have put it there")
    }
}
