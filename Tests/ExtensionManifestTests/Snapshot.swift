import Foundation
import Testing

/// Compares text with `Snapshots/<name>.txt` beside this file.
///
/// A missing snapshot is written and the test fails, so every new snapshot is looked at
/// once; `APPEX_RECORD_SNAPSHOTS=1` rewrites them all.
func expectSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots").appendingPathComponent(name + ".txt")
    let record = ProcessInfo.processInfo.environment["APPEX_RECORD_SNAPSHOTS"] == "1"
    guard !record, let stored = try? String(contentsOf: url, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: url)
        Issue.record("recorded snapshot \(name); check it and run again", sourceLocation: sourceLocation)
        return
    }
    #expect(stored == text, "output differs from snapshot \(name).txt", sourceLocation: sourceLocation)
}

/// The corpus of real Info.plists (`Tests/Corpus/extension-plists`, a copy of the shared one).
enum Corpus {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus/extension-plists")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".plist") }.sorted()
    }
}

/// A temporary folder removed when the body returns.
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("appex-manifest-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url)
}
