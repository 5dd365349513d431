/// The most disk a child may use: its own containers whole, and what it adds to the
/// folders it shares.
///
/// The kernel holds it there with the host's help (``DiskWatch``): every call of the child
/// and its descendants that may grow a file on a disk waits for the host, which lets it run
/// while the total stays within ``cap`` and otherwise ends the child before the call
/// returns (`disk-limit-exceeded`). Files in memory (a sandbox's tmpfs /tmp, memfd,
/// /dev/shm) are not counted: their own sizes and the memory cap bound them.
package struct DiskLimit: Hashable, Sendable {
    /// The most bytes, counted as ``containers`` whole plus what the child added to
    /// ``sharedFolders`` since it started. Each file, folder and link counts its allocated
    /// blocks and at least 4 KiB (an inode and a directory entry cost the disk too).
    package var cap: Int
    /// The folders counted whole: the data container, and a private /tmp on the disk.
    package var containers: [String]
    /// The folders counted by what the child adds: its app groups, which the containing
    /// app and the group's other extensions write too.
    package var sharedFolders: [String]

    /// Creates a limit.
    package init(cap: Int, containers: [String], sharedFolders: [String] = []) {
        self.cap = cap
        self.containers = containers
        self.sharedFolders = sharedFolders
    }

    /// What `folders` take on the disk together (appex_tree_usage), or `nil` when a walk
    /// failed (a host out of descriptors cannot open the folders): a partial sum would
    /// understate it. Blocking: call it off the event loop.
    package static func usage(of folders: [String]) -> Int? {
        var total = 0
        for folder in folders {
            var bytes: UInt64 = 0
            guard appex_tree_usage(folder, &bytes) == 0 else { return nil }
            total += Int(clamping: bytes)
        }
        return total
    }
}

import CAppexSystem
