import Foundation

/// Where this process loaded NotesKit from, as the kernel's map of the process says.
public enum NotesKitImage {
    /// The file of the mapping that holds NotesKit's code, from /proc/self/maps; `nil`
    /// when NotesKit is linked statically (then no mapping names a NotesKit library).
    public static func loadedPath() -> String? {
        // Read to the end: /proc files have no size, and String(contentsOfFile:) stops at 4 KiB.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps"), let data = try? handle.readToEnd() else { return nil }
        try? handle.close()
        let maps = String(decoding: data, as: UTF8.self)
        for line in maps.split(separator: "\n") {
            // address perms offset dev inode path: the path is the sixth field and may hold spaces.
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, fields[1].contains("x") else { continue }
            let path = fields[5].trimmingCharacters(in: .whitespaces)
            if path.hasSuffix("/libNotesKit.so") { return path }
        }
        return nil
    }
}
