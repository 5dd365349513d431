/// Bounds on what a reader accepts, so that hostile or broken files fail with an error
/// instead of exhausting memory or the stack.
public struct PropertyListLimits: Sendable, Hashable {
    /// The largest file, in bytes (default 16 MiB). Checked before the file is read.
    public var maxFileSize: Int
    /// The deepest nesting of arrays and dictionaries; the root container is depth 1
    /// (default 512).
    public var maxDepth: Int
    /// The longest string or key, in UTF-8 bytes (default 1 MiB).
    public var maxStringLength: Int
    /// The largest `<data>` value, in decoded bytes (default 8 MiB).
    public var maxDataLength: Int
    /// The most values and keys in one document (default 1,000,000). In binary files a
    /// shared object counts each time it is referenced.
    public var maxObjectCount: Int
    /// Whether a binary "ASCII" string with bytes above 0x7F is read as ISO Latin 1, as
    /// CoreFoundation reads it (default), rather than refused. A peer speaking Appex's own
    /// protocol never writes one, so the wire refuses them.
    public var readsLatin1ASCIIStrings: Bool

    /// Creates limits; every argument defaults to the value of ``default``.
    public init(maxFileSize: Int = 16 << 20, maxDepth: Int = 512, maxStringLength: Int = 1 << 20,
                maxDataLength: Int = 8 << 20, maxObjectCount: Int = 1_000_000, readsLatin1ASCIIStrings: Bool = true) {
        self.maxFileSize = maxFileSize
        self.maxDepth = maxDepth
        self.maxStringLength = maxStringLength
        self.maxDataLength = maxDataLength
        self.maxObjectCount = maxObjectCount
        self.readsLatin1ASCIIStrings = readsLatin1ASCIIStrings
    }

    /// 16 MiB files, depth 512 (CoreFoundation's limit), 1 MiB strings, 8 MiB data, a million objects.
    public static let `default` = PropertyListLimits()
}
