/// One file of a sealed bundle: its path inside the bundle, its size and its SHA-256, and
/// (in an installed copy's seal) its fingerprint when it was sealed.
public struct SealedFile: Codable, Hashable, Sendable {
    /// The path relative to the bundle's folder, with `/` between components.
    public var path: String
    /// The size in bytes (for a symbolic link, of the link itself).
    public var size: Int64
    /// The SHA-256 of the content, in lower-case hex (for a symbolic link, of its target path).
    public var sha256: String
    /// What `lstat` said when the file was sealed; `nil` in a seal carried inside a bundle,
    /// where every copy has new inodes and times.
    public var fingerprint: FileFingerprint?

    /// Creates an entry.
    public init(path: String, size: Int64, sha256: String, fingerprint: FileFingerprint? = nil) {
        self.path = path
        self.size = size
        self.sha256 = sha256
        self.fingerprint = fingerprint
    }

    private enum CodingKeys: String, CodingKey {
        case path, size, sha256
    }
}
