import CFUSEBridge
import ExtensionHost
import ExtensionIPC
import FileProviders
import Foundation
import Glibc
import SystemSupport

extension ProviderFileSystem {
    /// open(2): the provider provides the file (downloads it, if it must), handed over as a
    /// descriptor that reads and writes then use directly.
    func open(_ request: FUSERequest) async throws(FileSystemFailure) {
        guard let node = state.withLock({ $0.table.node(request.inode) }) else { throw FileSystemFailure(ENOENT) }
        let accessMode = Int32(bitPattern: request.flags) & O_ACCMODE
        let writable = accessMode != O_RDONLY
        let descriptor: OwnedFileDescriptor
        if let staged = node.staged {
            // A file still being made: its staging file, opened again.
            let fd = Glibc.open(staged, O_CLOEXEC | (writable ? O_RDWR : O_RDONLY))
            guard fd >= 0 else { throw FileSystemFailure(errno) }
            descriptor = OwnedFileDescriptor(taking: fd)
        } else {
            if let item = node.item {
                if item.isFolder { throw FileSystemFailure(EISDIR) }
                if writable, !item.capabilities.contains(.allowsWriting) { throw FileSystemFailure(EACCES) }
            }
            descriptor = try await withProvider { session throws(FileProviderCallError) in
                try await session.provideFile(node.identifier, writable: writable, within: limits.call)
            }
        }
        var written = false
        if Int32(bitPattern: request.flags) & O_TRUNC != 0, writable {
            guard ftruncate(descriptor.rawValue ?? -1, 0) == 0 else {
                descriptor.close()
                throw FileSystemFailure(errno)
            }
            written = true
        }
        var info = stat()
        let actual = fstat(descriptor.rawValue ?? -1, &info) == 0 ? Int64(info.st_size) : nil
        let (handle, reported) = state.withLock { state -> (UInt64, Int64?) in
            defer { state.nextHandle += 1 }
            state.files[state.nextHandle] = OpenFile(inode: request.inode, identifier: node.identifier, descriptor: descriptor,
                                                     writable: writable, written: written)
            return (state.nextHandle, state.table.node(request.inode)?.item?.size)
        }
        // The kernel reads no further than the size it was told. When the provided file's
        // size differs, this handle reads past the page cache, and the kernel is told again.
        let sizeDiffers = actual != nil && actual != (reported ?? 0)
        if sizeDiffers, let actual {
            state.withLock { state in
                if var item = state.table.node(request.inode)?.item {
                    item.size = actual
                    state.table.updateItem(request.inode, item)
                }
            }
        }
        request.reply.open(handle: handle, directIO: sizeDiffers, keepCache: false)
        if sizeDiffers { forgetInKernel(request.inode, names: []) }
    }

    /// create(2) with O_CREAT: a staging file the program writes; handed to the provider
    /// (`importDocument`) at its first flush, which is when close(2) returns.
    func create(_ request: FUSERequest) async throws(FileSystemFailure) {
        let name = try plainName(request.name)
        _ = try await folderItem(request.inode, allowing: .allowsAddingSubItems)
        if try await listing(request.inode).inodes[name] != nil { throw FileSystemFailure(EEXIST) }
        let number = state.withLock { state in
            defer { state.nextStaged += 1 }
            return state.nextStaged
        }
        let path = staging.appendingPathComponent("\(number)").path
        let fd = Glibc.open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FileSystemFailure(errno) }
        let descriptor = OwnedFileDescriptor(taking: fd)
        let (inode, handle, item) = state.withLock { state in
            let inode = state.table.stage(name, in: request.inode, file: path)
            let node = state.table.node(inode)
            defer { state.nextHandle += 1 }
            state.files[state.nextHandle] = OpenFile(inode: inode, identifier: node?.identifier ?? .rootContainer, descriptor: descriptor,
                                                     writable: true, written: true,
                                                     staged: .init(folder: request.inode, name: name, path: path))
            return (inode, state.nextHandle, node?.item)
        }
        guard let item else { throw FileSystemFailure(EIO) }
        request.reply.create(Self.attributes(of: item, inode: inode), timeout: limits.cacheSeconds, handle: handle)
    }

    func read(_ request: FUSERequest) async throws(FileSystemFailure) {
        let file = try openFile(request)
        guard let fd = file.descriptor.rawValue else { throw FileSystemFailure(EBADF) }
        let reply = request.reply, offset = request.offset, count = Int(request.size)
        // libfuse reads the file itself (spliced where it can): the bytes never pass through Swift.
        await Offload.perform { withExtendedLifetime(file.descriptor) { reply.fileRange(fd, offset: offset, count: count) } }
    }

    func write(_ request: FUSERequest) async throws(FileSystemFailure) {
        var file = try openFile(request)
        if let imported = file.staged?.imported {
            // Written after it was handed over: on to the provider's own file.
            file = try await reopenProvided(request.handle ?? 0, as: imported)
        }
        guard file.writable, let fd = file.descriptor.rawValue, let data = request.data else { throw FileSystemFailure(EBADF) }
        let offset = request.offset, descriptor = file.descriptor
        let result = await Offload.perform { () -> Int in
            withExtendedLifetime(descriptor) {
                data.withUnsafeBytes { bytes in
                    var done = 0
                    while done < bytes.count {
                        let wrote = pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + done)
                        if wrote < 0 { if errno == EINTR { continue }; return done > 0 ? done : -Int(errno) }
                        done += wrote
                    }
                    return done
                }
            }
        }
        guard result >= 0 else { throw FileSystemFailure(Int32(-result)) }
        state.withLock { $0.files[request.handle ?? 0]?.written = true }
        request.reply.written(result)
    }

    /// close(2)'s flush: a file made here is handed to the provider; a written file's
    /// change is told (`itemChanged`), so close(2) says when either failed.
    func flush(_ request: FUSERequest) async throws(FileSystemFailure) {
        try await handOver(request.handle ?? 0)
        request.reply.ok()
    }

    func sync(_ request: FUSERequest) async throws(FileSystemFailure) {
        let file = try openFile(request)
        guard let fd = file.descriptor.rawValue else { throw FileSystemFailure(EBADF) }
        let result = await Offload.perform { withExtendedLifetime(file.descriptor) { fsync(fd) == 0 ? 0 : errno } }
        if result != 0 { throw FileSystemFailure(result) }
        request.reply.ok()
    }

    /// The last close: what is left to tell is told, the descriptor closed, and the
    /// provider told no program has the file (`stopProvidingItem`) when none has.
    func release(_ request: FUSERequest) async {
        let handle = request.handle ?? 0
        // Release's result reaches no program, so a failure here is logged, and a new file the
        // provider never took stays in the staging folder, which the mount keeps when not empty.
        var kept = false
        do throws(FileSystemFailure) {
            try await handOver(handle)
        } catch {
            let file = state.withLock { $0.files[handle] }
            kept = file?.staged.map { $0.imported == nil } ?? false
            log("the last close of \(file?.staged?.name ?? file?.identifier.rawValue ?? "a file") could not reach the provider "
                + "(\(SystemErrorText.text(error.code)))" + (kept ? "; its content is kept at \(file?.staged?.path ?? "")" : ""))
        }
        guard let file = state.withLock({ $0.files.removeValue(forKey: handle) }) else { return request.reply.ok() }
        file.descriptor.close()
        if let path = file.staged?.path, !kept { unlink(path) }
        request.reply.ok()
        let stillOpen = state.withLock { state in state.files.values.contains { $0.identifier == file.identifier } }
        if !stillOpen, file.staged == nil || file.staged?.imported != nil {
            _ = try? await withProvider { session throws(FileProviderCallError) in // nothing waits; a failure loses nothing and an end is logged
                try await session.providerStopProviding(file.staged?.imported ?? file.identifier, within: limits.call)
            }
        }
    }

    /// Hands a new file to the provider, or tells it a written file changed.
    func handOver(_ handle: UInt64) async throws(FileSystemFailure) {
        guard let file = state.withLock({ $0.files[handle] }), file.written else { return }
        state.withLock { $0.files[handle]?.written = false }
        if let staged = file.staged, staged.imported == nil {
            let readable = Glibc.open(staged.path, O_RDONLY | O_CLOEXEC)
            guard readable >= 0 else { throw FileSystemFailure(errno) }
            let copy = OwnedFileDescriptor(taking: readable)
            defer { copy.close() }
            let parent = state.withLock { $0.table.node(staged.folder)?.identifier } ?? .rootContainer
            let item: ProviderItem
            do {
                item = try await withProvider { session throws(FileProviderCallError) in
                    try await session.importProviderDocument(copy, named: staged.name, into: parent, within: limits.call)
                }
            } catch {
                state.withLock { state in
                    state.files[handle]?.written = true
                }
                throw error
            }
            state.withLock { state in
                state.table.imported(file.inode, as: item)
                state.files[handle]?.identifier = item.identifier
                state.files[handle]?.staged?.imported = item.identifier
                if item.filename != staged.name {
                    state.table.remove(staged.name, from: staged.folder)
                    state.table.add(item.filename, file.inode, to: staged.folder)
                }
            }
            if item.filename != staged.name { forgetInKernel(staged.folder, names: [staged.name]) }
        } else {
            try await withProvider { session throws(FileProviderCallError) in
                try await session.providerItemChanged(file.staged?.imported ?? file.identifier, within: limits.call)
            }
            // What the kernel is told of it now: the written file's size and date.
            var info = stat()
            if fstat(file.descriptor.rawValue ?? -1, &info) == 0 {
                state.withLock { state in
                    guard var item = state.table.node(file.inode)?.item else { return }
                    item.size = Int64(info.st_size)
                    item.modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
                    state.table.updateItem(file.inode, item)
                }
            }
        }
    }

    /// truncate(2) and the attributes a program sets: a size goes to the file (provided
    /// read-write for it when not open); modes, owners and times are the provider's to
    /// keep, and stay as it says.
    func setAttributes(_ request: FUSERequest) async throws(FileSystemFailure) {
        if request.toSet & Int32(APPEX_FUSE_SET_SIZE) != 0 {
            if let handle = request.handle, let file = state.withLock({ $0.files[handle] }) {
                guard file.writable, ftruncate(file.descriptor.rawValue ?? -1, off_t(request.size)) == 0 else {
                    throw FileSystemFailure(file.writable ? errno : EBADF)
                }
                state.withLock { $0.files[handle]?.written = true }
            } else {
                guard let node = state.withLock({ $0.table.node(request.inode) }) else { throw FileSystemFailure(ENOENT) }
                if let item = node.item, !item.capabilities.contains(.allowsWriting) { throw FileSystemFailure(EACCES) }
                let file = try await withProvider { session throws(FileProviderCallError) in
                    try await session.provideFile(node.identifier, writable: true, within: limits.call)
                }
                defer { file.close() }
                guard ftruncate(file.rawValue ?? -1, off_t(request.size)) == 0 else { throw FileSystemFailure(errno) }
                try await withProvider { session throws(FileProviderCallError) in
                    try await session.providerItemChanged(node.identifier, within: limits.call)
                }
                state.withLock { state in
                    if var item = state.table.node(request.inode)?.item {
                        item.size = Int64(request.size)
                        state.table.updateItem(request.inode, item)
                    }
                }
            }
        }
        request.reply.attributes(try await attributes(of: request.inode, handle: request.handle), timeout: limits.cacheSeconds)
    }

    private func openFile(_ request: FUSERequest) throws(FileSystemFailure) -> OpenFile {
        guard let file = state.withLock({ $0.files[request.handle ?? 0] }) else { throw FileSystemFailure(EBADF) }
        return file
    }

    /// A handle whose new file was handed over now writes to the provider's own file.
    private func reopenProvided(_ handle: UInt64, as identifier: NSFileProviderItemIdentifier) async throws(FileSystemFailure) -> OpenFile {
        let provided = try await withProvider { session throws(FileProviderCallError) in
            try await session.provideFile(identifier, writable: true, within: limits.call)
        }
        return try state.withLock { state throws(FileSystemFailure) -> OpenFile in
            guard var file = state.files[handle] else {
                provided.close()
                throw FileSystemFailure(EBADF)
            }
            file.descriptor.close()
            if let path = file.staged?.path { unlink(path) }
            file.descriptor = provided
            file.staged = nil
            state.files[handle] = file
            return file
        }
    }
}
