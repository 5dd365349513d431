import ExtensionRegistry
import Foundation
import Testing

/// Notes.app, bundled once for a suite and removed after it: the example executables make
/// it 134 MB, and a bundle kept in a `static let` was left in the temporary folder by
/// every run of the tests.
///
/// ```swift
/// @Suite(NotesBundle()) struct SealTests {
///     @Test func installs() throws { let app = try #require(NotesBundle.current) … }
/// }
/// ```
struct NotesBundle: SuiteTrait, TestScoping {
    /// The bundle, inside a suite that has this trait.
    @TaskLocal static var current: URL?

    var isRecursive: Bool { false }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appex-sealed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let bundle = try BundleBuilder(source: URL(fileURLWithPath: DemoAndShareTests.examples),
                                       products: URL(fileURLWithPath: DemoAndShareTests.products))
            .build(to: folder.appendingPathComponent("Notes.app")).bundleURL
        try await Self.$current.withValue(bundle) { try await function() }
    }
}
