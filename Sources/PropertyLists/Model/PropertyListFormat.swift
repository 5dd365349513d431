/// The two property-list encodings Appex reads and writes.
public enum PropertyListFormat: String, Sendable, Hashable {
    /// Apple's XML format (`<plist version="1.0">`).
    case xml
    /// Apple's binary format, version `bplist00`.
    case binary
}
