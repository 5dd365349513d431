import Glibc
import Synchronization

/// Whether any of a set of files, or a folder on the way to one, may have changed since the
/// watch began: an inotify instance, asked without waiting.
///
/// A long-lived host checks the launch files of every installed extension before each
/// share (an `lstat` each, 2,200 for a thousand extensions). With a watch, a share whose
/// files were not touched since the last full check asks one question instead: has the
/// kernel queued any event? Any event at all — a write, a `chmod`, a `touch`, an entry
/// created, removed or renamed in a watched folder, an overflowed queue — spends the watch,
/// and the caller checks every file again (and may start a new watch first).
///
/// What it does not see: a write through a shared memory mapping changes a file without an
/// event. The launch check before each run (``LaunchSeal/check()``) compares fingerprints
/// and hashes, so such a file still never runs; only the share's list is late to leave it out.
public final class FileChangeWatch: Sendable {
    /// The inotify descriptor; -1 once an event spent the watch.
    private let descriptor: Mutex<Int32>

    /// The events that say a watched file may have changed.
    static let fileEvents = UInt32(IN_MODIFY | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF) | UInt32(IN_DONT_FOLLOW)
    /// The events that say an entry of a watched folder, or the folder itself, changed.
    static let folderEvents = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
        | UInt32(IN_DONT_FOLLOW) | UInt32(IN_ONLYDIR)

    /// Watches `files` (full paths below `root`) and every folder from `root` down to each;
    /// `nil` when the kernel refuses one (its limits on watches or instances), and then the
    /// caller checks the files itself.
    public init?(files: [String], below root: String) {
        let inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard inotify >= 0 else { return nil }
        let rootPath = root.hasSuffix("/") ? String(root.dropLast()) : root
        var folders: Set<Substring> = [rootPath[...]]
        for file in files where file.hasPrefix(rootPath + "/") {
            // Each folder from the file's up to the root, until one already seen.
            var folder = file[...]
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                guard folder.utf8.count > rootPath.utf8.count, folders.insert(folder).inserted else { break }
            }
        }
        let watched = folders.allSatisfy { inotify_add_watch(inotify, String($0), Self.folderEvents) >= 0 }
            && files.allSatisfy { inotify_add_watch(inotify, $0, Self.fileEvents) >= 0 }
        guard watched else {
            close(inotify)
            return nil
        }
        descriptor = Mutex(inotify)
    }

    /// Whether no event has come since the watch began. It reads what is queued without
    /// waiting; once an event came, it stays `false`.
    public var isQuiet: Bool {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return false }
            let count = withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 8) { buffer in
                read(descriptor, buffer.baseAddress, buffer.count)
            }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return true }
            close(descriptor)
            descriptor = -1
            return false
        }
    }

    deinit {
        descriptor.withLock { descriptor in
            if descriptor >= 0 { close(descriptor) }
        }
    }
}
