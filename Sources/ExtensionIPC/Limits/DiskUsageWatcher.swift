import Foundation
import Glibc
import Synchronization
import SystemSupport

/// Keeps the size of folders (data containers) as they change, and says once when one
/// grows past its cap: one inotify instance and one thread for the whole process.
///
/// A real bound needs a quota or a file system of the container's own, which an
/// unprivileged host cannot make (no project quotas here; a loop-mounted image needs root).
/// So the host watches, as it does for memory, but write by write: at the start a watch
/// adds up every regular file's allocated bytes (`st_blocks`) and watches every folder;
/// each write, new file, removal or rename then updates the sum from one `lstat`.
///
/// Why a thread of its own and not the event loop: a writer gets as far past the cap as it
/// writes before its writes are heard. Beside 64 busy sessions the loop heard of them 100
/// to 400 ms late, and a fill went 250 MB past a 16 MB cap. This thread does nothing else,
/// and ``ChildProcess`` stops the writer's processes from it (SIGSTOP) before the loop's
/// orderly kill. One inotify instance serves every watch: the kernel allows a user 128.
final class DiskUsageWatcher: Sendable {
    /// One folder being watched, and its sums.
    private struct Watch {
        let root: String
        let cap: Int
        let over: @Sendable (Int) -> Void
        var sizes: [String: Int] = [:]
        var total = 0
        var startBytes = 0
        var told = false
    }

    private struct State {
        var watches: [UInt64: Watch] = [:]
        var nextID: UInt64 = 0
        /// Each inotify watch's folder, and the watches that hold it (two runs of one
        /// extension watch one container, and inotify gives one folder one descriptor).
        var folders: [Int32: (path: String, holders: Set<UInt64>)] = [:]
    }

    private let inotify: Int32
    private let state = Mutex(State())

    private static let mask = UInt32(IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
        | IN_DONT_FOLLOW | IN_ONLYDIR)

    private init(inotify: Int32) {
        self.inotify = inotify
    }

    private static let instance = Result { () throws(ChildProcessError) -> DiskUsageWatcher in
        let inotify = inotify_init1(Int32(IN_CLOEXEC))
        guard inotify >= 0 else {
            throw ChildProcessError(code: .systemError, message: "inotify_init1 failed: \(SystemErrorText.text(errno))", errno: errno)
        }
        let watcher = DiskUsageWatcher(inotify: inotify)
        let thread = Thread { watcher.run() }
        thread.name = "appex.disk-usage"
        thread.start()
        return watcher
    }

    /// The process's watcher, started on first use.
    static func shared() throws(ChildProcessError) -> DiskUsageWatcher {
        try instance.get()
    }

    /// Starts watching `root`; `over` runs once, on the watcher's thread, with the folder's
    /// size when a write takes it past `cap` (past what it held at the start, if that was
    /// more). Returns the watch's token for ``stop(_:)``.
    func watch(root: String, cap: Int, over: @escaping @Sendable (Int) -> Void) -> UInt64 {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.watches[id] = Watch(root: root, cap: cap, over: over)
            add(root, for: id, in: &state)
            let start = state.watches[id]?.total ?? 0
            state.watches[id]?.startBytes = start
            return id
        }
    }

    /// The folder's allocated bytes now, as far as the watcher has heard.
    func bytes(_ id: UInt64) -> Int {
        state.withLock { $0.watches[id]?.total ?? 0 }
    }

    /// Stops watch `id` (idempotent).
    func stop(_ id: UInt64) {
        state.withLock { state in
            state.watches[id] = nil
            for (descriptor, folder) in state.folders where folder.holders.contains(id) {
                release(descriptor, from: id, in: &state)
            }
        }
    }

    private func release(_ descriptor: Int32, from id: UInt64, in state: inout State) {
        guard var folder = state.folders[descriptor] else { return }
        folder.holders.remove(id)
        if folder.holders.isEmpty {
            inotify_rm_watch(inotify, descriptor)
            state.folders[descriptor] = nil
        } else {
            state.folders[descriptor] = folder
        }
    }

    /// Watches `folder` and everything beneath it for `id`, adding its files' sizes.
    private func add(_ folder: String, for id: UInt64, in state: inout State) {
        let descriptor = inotify_add_watch(inotify, folder, Self.mask)
        if descriptor >= 0 {
            state.folders[descriptor, default: (folder, [])].holders.insert(id)
        }
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            update(folder + "/" + name, for: id, in: &state)
        }
    }

    /// Reads one path's size again for `id` (a folder new to the watch is added whole).
    private func update(_ path: String, for id: UInt64, in state: inout State) {
        var info = stat()
        let now: Int
        if lstat(path, &info) != 0 {
            now = 0
        } else if info.st_mode & S_IFMT == S_IFDIR {
            if !state.folders.values.contains(where: { $0.path == path && $0.holders.contains(id) }) { add(path, for: id, in: &state) }
            return
        } else if info.st_mode & S_IFMT == S_IFREG {
            now = Int(info.st_blocks) * 512
        } else {
            now = 0
        }
        guard var watch = state.watches[id] else { return }
        watch.total += now - (watch.sizes[path] ?? 0)
        watch.sizes[path] = now == 0 ? nil : now
        state.watches[id] = watch
    }

    /// A path gone (removed or moved away) for `id`: its bytes, and a folder's subtree.
    private func forget(_ path: String, for id: UInt64, in state: inout State) {
        guard var watch = state.watches[id] else { return }
        let prefix = path + "/"
        for (file, size) in watch.sizes where file == path || file.hasPrefix(prefix) {
            watch.total -= size
            watch.sizes[file] = nil
        }
        state.watches[id] = watch
        for (descriptor, folder) in state.folders where folder.holders.contains(id) && (folder.path == path || folder.path.hasPrefix(prefix)) {
            release(descriptor, from: id, in: &state)
        }
    }

    /// The thread: reads inotify's events as they come, for ever.
    private func run() {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = read(inotify, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                return
            }
            let crossed = state.withLock { state in apply(buffer[..<count], to: &state) }
            for (over, bytes) in crossed { over(bytes) }
        }
    }

    /// Applies one read's events; returns the watches that went past their caps.
    private func apply(_ events: ArraySlice<UInt8>, to state: inout State) -> [(@Sendable (Int) -> Void, Int)] {
        var offset = events.startIndex
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= events.endIndex {
            let (descriptor, mask, length) = events.withUnsafeBytes { raw in
                let event = raw.loadUnaligned(fromByteOffset: offset - events.startIndex, as: inotify_event.self)
                return (event.wd, event.mask, Int(event.len))
            }
            let nameStart = offset + header
            let name = String(decoding: events[nameStart..<(nameStart + length)].prefix { $0 != 0 }, as: UTF8.self)
            offset = nameStart + length
            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                // Events were lost: every watch counts its folder again.
                for descriptor in state.folders.keys { inotify_rm_watch(inotify, descriptor) }
                state.folders = [:]
                for (id, watch) in state.watches {
                    state.watches[id]?.sizes = [:]
                    state.watches[id]?.total = 0
                    add(watch.root, for: id, in: &state)
                }
                continue
            }
            guard let folder = state.folders[descriptor], !name.isEmpty else { continue }
            let path = folder.path + "/" + name
            for id in folder.holders {
                if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                    forget(path, for: id, in: &state)
                } else {
                    update(path, for: id, in: &state)
                }
            }
        }
        var crossed: [(@Sendable (Int) -> Void, Int)] = []
        for (id, watch) in state.watches where !watch.told && watch.total > watch.cap && watch.total > watch.startBytes {
            state.watches[id]?.told = true
            crossed.append((watch.over, watch.total))
        }
        return crossed
    }
}
