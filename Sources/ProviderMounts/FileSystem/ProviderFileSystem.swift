import CFUSEBridge
import ExtensionHost
import ExtensionIPC
import FileProviders
import Foundation
import Glibc
import Synchronization
import SystemSupport

/// The provider's tree as a file system: each kernel request answered from what the mount
/// remembers, or by calling the provider (docs/STORAGE-PROVIDERS.md, "How a call becomes a
/// provider call").
///
/// Every request gets exactly one reply. A provider call is bounded by ``Limits/call``
/// (and a start by the host's start timeout); past it the provider is ended and the
/// request fails with `EIO`, so no program waits on a hung provider longer than that.
final class ProviderFileSystem: Sendable {
    /// The bounds and cache times of a mount.
    struct Limits: Sendable {
        /// The longest one provider call may take before the provider is taken to hang.
        var call: Duration = .seconds(10)
        /// How long the kernel may trust a name or attributes before asking again.
        var cacheSeconds: Double = 1
        /// The most pages of one folder's listing.
        var pages = 1000
    }

    let process: ProviderProcess
    let limits: Limits
    /// Where files programs make wait until handed to the provider.
    let staging: URL
    let state: Mutex<State>
    /// Set once the FUSE connection exists: what the kernel caches is dropped through it.
    let kernel = Mutex<FUSEConnection?>(nil)
    /// Where the provider's failures are told (the log of `appex files mount`).
    let log: @Sendable (String) -> Void

    struct State: Sendable {
        var table: NodeTable
        var files: [UInt64: OpenFile] = [:]
        var folders: [UInt64: [(name: String, inode: UInt64, mode: UInt32)]] = [:]
        var nextHandle: UInt64 = 1
        var nextStaged = 1
    }

    init(process: ProviderProcess, limits: Limits, staging: URL, log: @escaping @Sendable (String) -> Void) {
        self.process = process
        self.log = log
        self.limits = limits
        self.staging = staging
        let root = ProviderItem(identifier: .rootContainer, parent: .rootContainer, filename: "/", typeIdentifier: "public.folder",
                                isFolder: true, modified: Date())
        state = Mutex(State(table: NodeTable(root: root)))
    }

    /// Answers one request; every path ends in one reply.
    func handle(_ request: FUSERequest) async {
        let reply = request.reply
        do throws(FileSystemFailure) {
            switch request.kind {
            case APPEX_FUSE_LOOKUP: try await lookup(request)
            case APPEX_FUSE_FORGET: break
            case APPEX_FUSE_GETATTR: reply.attributes(try await attributes(of: request.inode, handle: request.handle), timeout: limits.cacheSeconds)
            case APPEX_FUSE_SETATTR: try await setAttributes(request)
            case APPEX_FUSE_MKDIR: try await makeFolder(request)
            case APPEX_FUSE_UNLINK: try await remove(request, folder: false)
            case APPEX_FUSE_RMDIR: try await remove(request, folder: true)
            case APPEX_FUSE_RENAME: try await rename(request)
            case APPEX_FUSE_OPEN: try await open(request)
            case APPEX_FUSE_READ: try await read(request)
            case APPEX_FUSE_WRITE: try await write(request)
            case APPEX_FUSE_FLUSH: try await flush(request)
            case APPEX_FUSE_FSYNC: try await sync(request)
            case APPEX_FUSE_RELEASE: await release(request)
            case APPEX_FUSE_OPENDIR: try await openFolder(request)
            case APPEX_FUSE_READDIR: try readFolder(request)
            case APPEX_FUSE_RELEASEDIR:
                _ = state.withLock { $0.folders.removeValue(forKey: request.handle ?? 0) }
                reply.ok()
            case APPEX_FUSE_STATFS: await statistics(request)
            case APPEX_FUSE_CREATE: try await create(request)
            case APPEX_FUSE_MKNOD, APPEX_FUSE_SYMLINK, APPEX_FUSE_LINK:
                // A provider holds files and folders only.
                reply.error(EPERM)
            default:
                reply.error(ENOSYS)
            }
        } catch {
            reply.error(error.code)
        }
    }

    // MARK: Calling the provider

    /// Runs `call` against the provider's session, started if need be.
    func withProvider<T>(_ call: (ExtensionSession) async throws(FileProviderCallError) -> T) async throws(FileSystemFailure) -> T {
        guard let session = await process.session() else { throw FileSystemFailure(EIO) }
        do {
            return try await call(session)
        } catch {
            // The provider's own errors are answers; its end, or an error no errno says, is news for the log.
            let failure = FileSystemFailure(error)
            if failure.code == EIO { log(error.description) }
            throw failure
        }
    }

    /// The provider said `container` changed: forget its listing and facts, here and in the kernel.
    func signalled(_ container: NSFileProviderItemIdentifier) {
        guard let (inode, names) = state.withLock({ $0.table.signalled(container) }) else { return }
        forgetInKernel(inode, names: names)
    }

    /// Drops what the kernel caches of `inode` and of `names` in it, off the loop (the
    /// kernel may need an answer from this mount before the call returns).
    func forgetInKernel(_ inode: UInt64, names: [String]) {
        guard let kernel = kernel.withLock({ $0 }) else { return }
        Offload.run {
            kernel.invalidate(inode)
            for name in names { kernel.invalidate(inode, name: name) }
        }
    }

    // MARK: Attributes

    /// The node `inode`'s attributes: an open file's from the file itself, else from the item.
    func attributes(of inode: UInt64, handle: UInt64? = nil) async throws(FileSystemFailure) -> FUSEAttributes {
        let (node, open) = state.withLock { state in
            (state.table.node(inode), handle.flatMap { state.files[$0] } ?? state.files.values.first { $0.inode == inode })
        }
        guard let node else { throw FileSystemFailure(ENOENT) }
        var item = node.item
        if item == nil {
            let fetched = try await withProvider { session throws(FileProviderCallError) in
                try await session.providerItem(node.identifier, within: limits.call)
            }
            state.withLock { $0.table.updateItem(inode, fetched) }
            item = fetched
        }
        guard let item else { throw FileSystemFailure(ENOENT) }
        var attributes = Self.attributes(of: item, inode: inode)
        if let fd = open?.descriptor.rawValue {
            var info = stat()
            if fstat(fd, &info) == 0 {
                attributes.size = UInt64(info.st_size)
                attributes.modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
            }
        }
        return attributes
    }

    static func attributes(of item: ProviderItem, inode: UInt64) -> FUSEAttributes {
        let writable = item.capabilities.contains(.allowsWriting)
        let mode: UInt32 = item.isFolder ? (S_IFDIR | (writable ? 0o755 : 0o555)) : (S_IFREG | (writable ? 0o644 : 0o444))
        return FUSEAttributes(inode: inode, mode: mode, linkCount: item.isFolder ? 2 : 1, size: UInt64(max(item.size ?? 0, 0)),
                              modified: item.modified ?? item.created ?? Date(timeIntervalSince1970: 0), created: item.created)
    }

    /// The file system's size: the disk the provider's files are on.
    private func statistics(_ request: FUSERequest) async {
        let staging = self.staging.path
        let figures = await Offload.perform { () -> (UInt64, UInt64, UInt64) in
            var info = statvfs()
            guard statvfs(staging, &info) == 0 else { return (0, 0, 0) }
            let scale = UInt64(info.f_frsize) / 4096
            return (UInt64(info.f_blocks) * max(scale, 1), UInt64(info.f_bavail) * max(scale, 1), UInt64(info.f_files))
        }
        request.reply.statfs(blocks: figures.0, free: figures.1, files: figures.2)
    }
}
