import Foundation

/// The app's notes: one line per note in `notes.txt` of a folder (the app's Documents).
///
/// Only the containing app writes it; the widget sees the latest lines through the app
/// group's shared defaults, which the app publishes.
public struct NoteStore: Sendable {
    /// The file the notes are in.
    public let fileURL: URL

    /// The store in `folder`, created if missing.
    public init(folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        fileURL = folder.appendingPathComponent("notes.txt")
    }

    /// Appends `note` as one line.
    public func append(_ note: Note) throws {
        if !FileManager.default.fileExists(atPath: fileURL.path) {
            FileManager.default.createFile(atPath: fileURL.path, contents: nil)
        }
        let handle = try FileHandle(forWritingTo: fileURL)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((note.line.replacingOccurrences(of: "\n", with: " ") + "\n").utf8))
    }

    /// Every stored line, oldest first.
    public func lines() -> [String] {
        let text = (try? String(contentsOf: fileURL, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// The `count` newest lines, newest first.
    public func latest(_ count: Int) -> [String] {
        Array(lines().suffix(count).reversed())
    }
}
