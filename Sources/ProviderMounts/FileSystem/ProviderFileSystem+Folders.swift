import CFUSEBridge
import ExtensionHost
import FileProviders
import Foundation
import Glibc

extension ProviderFileSystem {
    /// `folder`'s items by name: remembered, or listed by the provider, page after page.
    func listing(_ folder: UInt64) async throws(FileSystemFailure) -> NodeTable.Listing {
        let (known, node) = state.withLock { ($0.table.listing(folder), $0.table.node(folder)) }
        if let known { return known }
        guard let node else { throw FileSystemFailure(ENOENT) }
        if let item = node.item, !item.isFolder { throw FileSystemFailure(ENOTDIR) }
        var items: [ProviderItem] = []
        var page: NSFileProviderPage?
        for _ in 0..<limits.pages {
            let next = try await withProvider { session throws(FileProviderCallError) in
                try await session.providerPage(of: node.identifier, from: page, within: limits.call)
            }
            items += next.items
            guard let nextPage = next.nextPage, nextPage != page else { break }
            page = nextPage
        }
        return state.withLock { state in
            state.table.setListing(folder, items: items)
            return state.table.listing(folder) ?? NodeTable.Listing()
        }
    }

    /// The node named `name` in `folder`.
    func child(_ name: String, of folder: UInt64) async throws(FileSystemFailure) -> (inode: UInt64, item: ProviderItem) {
        guard let inode = try await listing(folder).inodes[name], let item = state.withLock({ $0.table.node(inode)?.item }) else {
            throw FileSystemFailure(ENOENT)
        }
        return (inode, item)
    }

    func lookup(_ request: FUSERequest) async throws(FileSystemFailure) {
        let (inode, _) = try await child(request.name ?? "", of: request.inode)
        request.reply.entry(try await attributes(of: inode), timeout: limits.cacheSeconds)
    }

    func openFolder(_ request: FUSERequest) async throws(FileSystemFailure) {
        let listing = try await listing(request.inode)
        let handle = state.withLock { state -> UInt64 in
            let parent = state.table.node(request.inode).flatMap { node in
                node.item.flatMap { state.table.inode(of: $0.parent) }
            } ?? NodeTable.rootInode
            var entries: [(name: String, inode: UInt64, mode: UInt32)] = [(".", request.inode, S_IFDIR), ("..", parent, S_IFDIR)]
            for name in listing.names {
                guard let inode = listing.inodes[name] else { continue }
                let isFolder = state.table.node(inode)?.item?.isFolder ?? false
                entries.append((name, inode, isFolder ? S_IFDIR : S_IFREG))
            }
            defer { state.nextHandle += 1 }
            state.folders[state.nextHandle] = entries
            return state.nextHandle
        }
        request.reply.open(handle: handle, directIO: false, keepCache: false)
    }

    func readFolder(_ request: FUSERequest) throws(FileSystemFailure) {
        guard let entries = state.withLock({ $0.folders[request.handle ?? 0] }) else { throw FileSystemFailure(EBADF) }
        request.reply.entries(entries, from: Int(request.offset), size: Int(request.size))
    }

    func makeFolder(_ request: FUSERequest) async throws(FileSystemFailure) {
        let name = try plainName(request.name)
        let parent = try await folderItem(request.inode, allowing: .allowsAddingSubItems)
        if try await listing(request.inode).inodes[name] != nil { throw FileSystemFailure(EEXIST) }
        let item = try await withProvider { session throws(FileProviderCallError) in
            try await session.createProviderDirectory(named: name, in: parent.identifier, within: limits.call)
        }
        let inode = state.withLock { state in
            let inode = state.table.record(item)
            state.table.add(item.filename, inode, to: request.inode)
            return inode
        }
        request.reply.entry(Self.attributes(of: item, inode: inode), timeout: limits.cacheSeconds)
    }

    /// unlink and rmdir: the provider deletes the item (a folder only when empty, as rmdir must).
    func remove(_ request: FUSERequest, folder: Bool) async throws(FileSystemFailure) {
        let name = request.name ?? ""
        let (inode, item) = try await child(name, of: request.inode)
        if folder != item.isFolder { throw FileSystemFailure(folder ? ENOTDIR : EISDIR) }
        if folder, !(try await listing(inode).names.isEmpty) { throw FileSystemFailure(ENOTEMPTY) }
        guard item.capabilities.contains(.allowsDeleting) else { throw FileSystemFailure(EACCES) }
        if state.withLock({ $0.table.node(inode)?.staged }) != nil { throw FileSystemFailure(EBUSY) }
        try await withProvider { session throws(FileProviderCallError) in
            try await session.deleteProviderItem(item.identifier, within: limits.call)
        }
        state.withLock { $0.table.remove(name, from: request.inode) }
        request.reply.ok()
    }

    /// rename(2): the item renamed, or moved to another folder; an item already at the new
    /// name is deleted first (RENAME_NOREPLACE refuses it; RENAME_EXCHANGE is not supported).
    func rename(_ request: FUSERequest) async throws(FileSystemFailure) {
        let name = request.name ?? "", newName = try plainName(request.newName)
        if request.flags & Self.renameExchange != 0 { throw FileSystemFailure(EINVAL) }
        let (inode, item) = try await child(name, of: request.inode)
        if state.withLock({ $0.table.node(inode)?.staged }) != nil { throw FileSystemFailure(EBUSY) }
        let moving = request.newParent != request.inode
        guard item.capabilities.contains(moving ? .allowsReparenting : .allowsRenaming) else { throw FileSystemFailure(EACCES) }
        let target = try await folderItem(request.newParent, allowing: moving ? .allowsAddingSubItems : [])
        if let existing = try await listing(request.newParent).inodes[newName] {
            if existing == inode { return request.reply.ok() }
            if request.flags & Self.renameNoReplace != 0 { throw FileSystemFailure(EEXIST) }
            let (_, replaced) = try await child(newName, of: request.newParent)
            if replaced.isFolder != item.isFolder { throw FileSystemFailure(replaced.isFolder ? EISDIR : ENOTDIR) }
            if replaced.isFolder, !(try await listing(existing).names.isEmpty) { throw FileSystemFailure(ENOTEMPTY) }
            try await withProvider { session throws(FileProviderCallError) in
                try await session.deleteProviderItem(replaced.identifier, within: limits.call)
            }
            state.withLock { $0.table.remove(newName, from: request.newParent) }
        }
        let renamed = try await withProvider { session throws(FileProviderCallError) in
            moving ? try await session.reparentProviderItem(item.identifier, to: target.identifier,
                                                            newName: newName == name ? nil : newName, within: limits.call)
                   : try await session.renameProviderItem(item.identifier, to: newName, within: limits.call)
        }
        state.withLock { state in
            state.table.remove(name, from: request.inode)
            // The kernel moves its entry, so the inode stays; the item may have a new identifier.
            state.table.rebind(inode, to: renamed)
            state.table.add(renamed.filename, inode, to: request.newParent)
        }
        forgetInKernel(request.inode, names: [name])
        request.reply.ok()
    }

    /// rename(2)'s flags (linux/fs.h), which Glibc's module does not export.
    static let renameNoReplace: UInt32 = 1 << 0
    static let renameExchange: UInt32 = 1 << 1

    /// The folder at `inode`, which must allow `capabilities`.
    func folderItem(_ inode: UInt64, allowing capabilities: NSFileProviderItemCapabilities) async throws(FileSystemFailure) -> ProviderItem {
        guard let node = state.withLock({ $0.table.node(inode) }) else { throw FileSystemFailure(ENOENT) }
        var item = node.item
        if item == nil {
            item = try await withProvider { session throws(FileProviderCallError) in
                try await session.providerItem(node.identifier, within: limits.call)
            }
        }
        guard let item else { throw FileSystemFailure(ENOENT) }
        guard item.isFolder else { throw FileSystemFailure(ENOTDIR) }
        guard item.capabilities.contains(capabilities) else { throw FileSystemFailure(EACCES) }
        return item
    }

    /// A name a program gave: one path component the provider may take.
    func plainName(_ name: String?) throws(FileSystemFailure) -> String {
        guard let name, !name.isEmpty, name != ".", name != "..", !name.contains("/") else { throw FileSystemFailure(EINVAL) }
        guard name.utf8.count <= ProviderItem.maximumNameBytes else { throw FileSystemFailure(ENAMETOOLONG) }
        return name
    }
}
