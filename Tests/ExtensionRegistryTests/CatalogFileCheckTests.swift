import BundleSeal
import Foundation
import Testing
@testable import ExtensionRegistry

/// The look at a large catalog's launch files, in two halves at once, finds every changed
/// app in either half, as one look after another finds them.
@Suite("Catalog file check")
struct CatalogFileCheckTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var testDescription: String
        /// The apps (of 40, 8 files each) whose first file changes.
        var changed: Set<Int>
        /// The apps whose last file is deleted.
        var deleted: Set<Int> = []
    }

    static let cases: [Case] = [
        Case(testDescription: "nothing changed", changed: []),
        Case(testDescription: "the first app, in the first half", changed: [0]),
        Case(testDescription: "the last app, in the second half", changed: [39]),
        Case(testDescription: "apps in both halves and at the middle", changed: [3, 19, 20, 38]),
        Case(testDescription: "a file deleted in each half", changed: [], deleted: [1, 30]),
    ]

    @Test("every changed app is found, in either half", arguments: cases)
    func changedApplications(example: Case) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appex-file-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var applications: [CatalogSnapshot.Application] = []
        for app in 0..<40 {
            var files: [(path: String, fingerprint: FileFingerprint?)] = []
            for file in 0..<8 {
                let path = folder.appendingPathComponent("app\(app)-file\(file)").path
                try Data("app \(app) file \(file)".utf8).write(to: URL(fileURLWithPath: path))
                files.append((path, FileFingerprint.of(path)))
            }
            applications.append(.init(identifier: "com.example.app\(app)", extensions: [], files: files))
        }
        for app in example.changed {
            try Data("changed, and longer than before".utf8).write(to: URL(fileURLWithPath: applications[app].files[0].path))
        }
        for app in example.deleted {
            try FileManager.default.removeItem(atPath: applications[app].files[7].path)
        }
        let expected = Set((example.changed.union(example.deleted)).map { "com.example.app\($0)" })
        #expect(CatalogCache.changed(applications) == expected)
        #expect(Set(applications.filter { !$0.isUnchanged }.map(\.identifier)) == expected)
    }
}
