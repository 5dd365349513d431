/// Names that come from outside — a bundle identifier, `CFBundleExecutable`, a file in an
/// inbox — and become one component of a path.
public enum PlainName {
    /// Whether `name` is one entry of a folder: not empty, not `.` or `..`, without `/` or NUL.
    public static func isPlain(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0")
    }
}
