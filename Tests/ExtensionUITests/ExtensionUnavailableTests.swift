import Foundation
import HostTestSupport
import Testing

/// What an app extension may not use fails to compile with Xcode's words: iOS code written
/// against `import UIKit`, type-checked against this build's modules.
@Suite("Unavailable in app extensions")
struct ExtensionUnavailableTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// The probe's third line.
        let code: String
        /// The line:column and message swiftc must report.
        let expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "UIApplication.shared", code: "@MainActor func open() { _ = UIApplication.shared }",
             expected: "Probe.swift:3:44: error: 'shared' is unavailable: Use view controller based solutions where appropriate instead."),
        Case(name: "UIApplication's open(_:)", code: "@MainActor func open(_ app: UIApplication, _ url: URL) { app.open(url) }",
             expected: "error: 'open(_:options:completionHandler:)' is unavailable: Use view controller based solutions where appropriate instead."),
    ]

    @Test(arguments: cases)
    func failsToCompile(_ testCase: Case) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("extension-unavailable-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let probe = folder.appendingPathComponent("Probe.swift")
        try "import UIKit\n\n\(testCase.code)\n".write(to: probe, atomically: true, encoding: .utf8)
        let (status, output) = try await SwiftTypecheck.run([probe], arguments: ["-swift-version", "5", "-module-name", "Probe"])
        #expect(status != 0)
        #expect(output.contains(testCase.expected), "\(output)")
    }
}
