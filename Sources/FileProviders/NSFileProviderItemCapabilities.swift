/// What may be done with an item (Apple's `NSFileProviderItemCapabilities`). The mount
/// shows a file without ``allowsWriting`` read-only (mode 0444) and refuses the changes an
/// item does not allow with `EACCES` before the provider is asked.
public struct NSFileProviderItemCapabilities: OptionSet, Hashable, Sendable, Codable {
    /// The capabilities as Apple's bits.
    public let rawValue: UInt

    /// Wraps Apple's bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// A file may be read; a folder's content listed.
    public static let allowsReading = NSFileProviderItemCapabilities(rawValue: 1 << 0)
    /// A file may be written; a folder may get new items.
    public static let allowsWriting = NSFileProviderItemCapabilities(rawValue: 1 << 1)
    /// The item may move to another folder.
    public static let allowsReparenting = NSFileProviderItemCapabilities(rawValue: 1 << 2)
    /// The item may be renamed.
    public static let allowsRenaming = NSFileProviderItemCapabilities(rawValue: 1 << 3)
    /// The item may be trashed.
    public static let allowsTrashing = NSFileProviderItemCapabilities(rawValue: 1 << 4)
    /// The item may be deleted.
    public static let allowsDeleting = NSFileProviderItemCapabilities(rawValue: 1 << 5)
    /// A folder may get new items (the same bit as ``allowsWriting``).
    public static let allowsAddingSubItems = allowsWriting
    /// A folder's content may be listed (the same bit as ``allowsReading``).
    public static let allowsContentEnumerating = allowsReading
    /// Everything.
    public static let allowsAll: NSFileProviderItemCapabilities = [.allowsReading, .allowsWriting, .allowsReparenting,
                                                                   .allowsRenaming, .allowsTrashing, .allowsDeleting]
}
