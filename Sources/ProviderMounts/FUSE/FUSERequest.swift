import CFUSEBridge
import Foundation

/// One request from the kernel, copied out of libfuse's buffer so that it outlives the handler.
struct FUSERequest: Sendable {
    typealias Kind = appex_fuse_kind

    let kind: Kind
    let reply: FUSEReply
    /// The node (the folder, for lookup, mkdir, unlink, rmdir, rename, create).
    let inode: UInt64
    let name: String?
    let newParent: UInt64
    let newName: String?
    let flags: UInt32
    let mode: UInt32
    let size: UInt64
    let offset: Int64
    let handle: UInt64?
    /// A write's bytes.
    let data: Data?
    let toSet: Int32

    init(_ raw: UnsafePointer<appex_fuse_request>) {
        let r = raw.pointee
        kind = r.kind
        reply = FUSEReply(request: r.request)
        inode = r.inode
        name = r.name.map { String(cString: $0) }
        newParent = r.new_parent
        newName = r.new_name.map { String(cString: $0) }
        flags = r.flags
        mode = r.mode
        size = r.size
        offset = r.offset
        handle = r.has_handle != 0 ? r.handle : nil
        data = r.data.map { Data(bytes: $0, count: Int(r.size)) }
        toSet = r.to_set
    }
}

/// A node's attributes, as replies carry them.
struct FUSEAttributes: Sendable {
    var inode: UInt64
    var mode: UInt32
    var linkCount: UInt32
    var size: UInt64
    var modified: Date
    var created: Date?

    var raw: appex_fuse_attributes {
        let seconds = modified.timeIntervalSince1970.rounded(.down)
        return appex_fuse_attributes(inode: inode, mode: mode, link_count: linkCount, size: size,
                                     modified_seconds: Int64(seconds),
                                     modified_nanoseconds: Int64((modified.timeIntervalSince1970 - seconds) * 1e9),
                                     created_seconds: Int64(created?.timeIntervalSince1970 ?? seconds),
                                     uid: getuid(), gid: getgid())
    }
}

/// The one reply a request gets, sent from any thread.
// @unchecked Sendable: libfuse's request handle may be answered from any thread, and the file
// system answers each exactly once (every path through `ProviderFileSystem.handle` ends in one reply).
struct FUSEReply: @unchecked Sendable {
    let request: UnsafeMutableRawPointer?

    func error(_ code: Int32) { if let request { _ = appex_fuse_reply_error(request, code) } }
    func ok() { error(0) }
    func none() { if let request { _ = appex_fuse_reply_none(request) } }

    func entry(_ attributes: FUSEAttributes, timeout: Double) {
        guard let request else { return }
        var raw = attributes.raw
        _ = appex_fuse_reply_entry(request, &raw, timeout)
    }

    func attributes(_ attributes: FUSEAttributes, timeout: Double) {
        guard let request else { return }
        var raw = attributes.raw
        _ = appex_fuse_reply_attributes(request, &raw, timeout)
    }

    func open(handle: UInt64, directIO: Bool, keepCache: Bool) {
        if let request { _ = appex_fuse_reply_open(request, handle, directIO ? 1 : 0, keepCache ? 1 : 0) }
    }

    func create(_ attributes: FUSEAttributes, timeout: Double, handle: UInt64) {
        guard let request else { return }
        var raw = attributes.raw
        _ = appex_fuse_reply_create(request, &raw, timeout, handle, 0)
    }

    func bytes(_ data: Data) {
        guard let request else { return }
        _ = data.withUnsafeBytes { appex_fuse_reply_bytes(request, $0.baseAddress, $0.count) }
    }

    /// Up to `count` bytes of the file open at `descriptor`, from `offset`, read by libfuse.
    /// Blocking (a read of the file): call it off the loop and Swift's shared threads.
    func fileRange(_ descriptor: Int32, offset: Int64, count: Int) {
        if let request { _ = appex_fuse_reply_file_range(request, descriptor, offset, count) }
    }

    func written(_ count: Int) { if let request { _ = appex_fuse_reply_written(request, count) } }

    func statfs(blocks: UInt64, free: UInt64, files: UInt64) {
        if let request { _ = appex_fuse_reply_statfs(request, blocks, free, files) }
    }

    /// A folder's entries from `offset`, as many as fit in `size` bytes.
    func entries(_ entries: [(name: String, inode: UInt64, mode: UInt32)], from offset: Int, size: Int) {
        guard let request else { return }
        var buffer = [CChar](repeating: 0, count: max(size, 1))
        var used = 0
        var index = max(offset, 0)
        while index < entries.count {
            let entry = entries[index]
            let needed = buffer.withUnsafeMutableBufferPointer { pointer in
                appex_fuse_add_entry(request, pointer.baseAddress! + used, size - used, entry.name, entry.inode, entry.mode, Int64(index + 1))
            }
            if used + needed > size { break }
            used += needed
            index += 1
        }
        _ = buffer.withUnsafeBytes { appex_fuse_reply_bytes(request, $0.baseAddress, used) }
    }
}
