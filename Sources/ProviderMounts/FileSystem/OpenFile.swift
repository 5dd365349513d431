import ExtensionIPC
import FileProviders

/// A file a program has open through the mount.
struct OpenFile: Sendable {
    /// The node it is.
    var inode: UInt64
    /// The item it is (a provisional identifier while it is being made).
    var identifier: NSFileProviderItemIdentifier
    /// The provided file, or the staging file of one being made.
    var descriptor: OwnedFileDescriptor
    var writable: Bool
    /// Written since the provider was last told.
    var written = false
    /// A file the program made with this handle: handed to the provider at its first flush.
    var staged: Staged?

    struct Staged: Sendable {
        var folder: UInt64
        var name: String
        var path: String
        /// Handed over as this item; later writes go to the provided file.
        var imported: NSFileProviderItemIdentifier?
    }
}
