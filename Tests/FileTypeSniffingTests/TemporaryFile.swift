import Foundation

/// A file named `name` holding `bytes`, alone in a new temporary folder that is removed
/// when the body returns.
func withTemporaryFile<T>(named name: String, bytes: [UInt8], _ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appex-sniffing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent(name)
    try Data(bytes).write(to: file)
    return try body(file)
}
