import ExtensionHost
import FileProviders
import Foundation
import Glibc

/// What the mount knows of the provider's tree: an inode for every item seen, each
/// folder's listing once read, and the files programs have open.
struct NodeTable: Sendable {
    /// The kernel's number for the root folder.
    static let rootInode: UInt64 = 1

    struct Node: Sendable {
        var identifier: NSFileProviderItemIdentifier
        /// The item as last heard; `nil` when it must be asked again (signalled).
        var item: ProviderItem?
        /// A file a program made, not yet handed to the provider: its staging file.
        var staged: String?
    }

    private(set) var nodes: [UInt64: Node] = [:]
    private var inodes: [NSFileProviderItemIdentifier: UInt64] = [:]
    private var nextInode: UInt64 = 2
    /// Each listed folder's items by name, in the provider's order.
    private(set) var listings: [UInt64: Listing] = [:]

    struct Listing: Sendable {
        var names: [String] = []
        var inodes: [String: UInt64] = [:]

        mutating func add(_ name: String, _ inode: UInt64) {
            if inodes.updateValue(inode, forKey: name) == nil { names.append(name) }
        }

        mutating func remove(_ name: String) {
            if inodes.removeValue(forKey: name) != nil { names.removeAll { $0 == name } }
        }
    }

    init(root: ProviderItem) {
        nodes[Self.rootInode] = Node(identifier: .rootContainer, item: root)
        inodes[.rootContainer] = Self.rootInode
    }

    func node(_ inode: UInt64) -> Node? { nodes[inode] }
    func inode(of identifier: NSFileProviderItemIdentifier) -> UInt64? { inodes[identifier] }
    func listing(_ folder: UInt64) -> Listing? { listings[folder] }

    /// The inode of `item`, made if new; its facts updated.
    mutating func record(_ item: ProviderItem) -> UInt64 {
        if let inode = inodes[item.identifier] {
            nodes[inode]?.item = item
            nodes[inode]?.staged = nil
            return inode
        }
        let inode = nextInode
        nextInode += 1
        inodes[item.identifier] = inode
        nodes[inode] = Node(identifier: item.identifier, item: item)
        return inode
    }

    /// A file a program is making in `folder`, with a provisional identifier until imported.
    mutating func stage(_ name: String, in folder: UInt64, file path: String) -> UInt64 {
        let identifier = NSFileProviderItemIdentifier("appex.staged.\(nextInode)")
        let item = ProviderItem(identifier: identifier, parent: nodes[folder]?.identifier ?? .rootContainer, filename: name,
                                typeIdentifier: "public.data", isFolder: false, size: 0, modified: Date())
        let inode = record(item)
        nodes[inode]?.staged = path
        listings[folder]?.add(name, inode)
        return inode
    }

    /// The staged file at `inode` is now the provider's `item`: the inode takes its identifier.
    mutating func imported(_ inode: UInt64, as item: ProviderItem) {
        rebind(inode, to: item)
    }

    /// `inode` is now `item` (renamed or moved, perhaps under a new identifier).
    mutating func rebind(_ inode: UInt64, to item: ProviderItem) {
        if let other = inodes[item.identifier], other != inode { nodes.removeValue(forKey: other) }
        guard let old = nodes[inode] else { return }
        inodes.removeValue(forKey: old.identifier)
        inodes[item.identifier] = inode
        nodes[inode] = Node(identifier: item.identifier, item: item)
    }

    /// `folder`'s listing, as the provider gave it (names seen twice keep their first item).
    mutating func setListing(_ folder: UInt64, items: [ProviderItem]) {
        var listing = Listing()
        for item in items where listing.inodes[item.filename] == nil {
            listing.add(item.filename, record(item))
        }
        // Files being made in the folder stay in it until handed over.
        for (name, inode) in listings[folder]?.inodes ?? [:] where nodes[inode]?.staged != nil && listing.inodes[name] == nil {
            listing.add(name, inode)
        }
        listings[folder] = listing
    }

    mutating func add(_ name: String, _ inode: UInt64, to folder: UInt64) { listings[folder]?.add(name, inode) }
    mutating func remove(_ name: String, from folder: UInt64) { listings[folder]?.remove(name) }
    mutating func updateItem(_ inode: UInt64, _ item: ProviderItem) { nodes[inode]?.item = item }

    /// The provider said `identifier` changed: its listing (if a folder) and its facts are
    /// asked again. The kernel's entries to forget: the folder itself and its names.
    mutating func signalled(_ identifier: NSFileProviderItemIdentifier) -> (inode: UInt64, names: [String])? {
        guard let inode = inodes[identifier] else { return nil }
        let names = listings.removeValue(forKey: inode)?.names ?? []
        if inode != Self.rootInode { nodes[inode]?.item = nil }
        return (inode, names)
    }

    /// Every listing dropped (the provider's process started again).
    mutating func forgetListings() -> [UInt64] {
        defer { listings = [:] }
        return Array(listings.keys)
    }
}
