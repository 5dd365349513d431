import Foundation
import SystemSupport
import Testing

/// What an app extension may not use fails to compile with Xcode's words: iOS code written
/// against `import UIKit`, type-checked against this build's modules.
@Suite("Unavailable in app extensions")
struct ExtensionUnavailableTests {
    /// The folder of this build's products (`.build/debug`).
    static let products = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()

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
        let swiftc = try #require(ExecutableSearch.find("swiftc", path: ProcessInfo.processInfo.environment["PATH"]) ??
            (FileManager.default.isExecutableFile(atPath: "/opt/swift/usr/bin/swiftc") ? "/opt/swift/usr/bin/swiftc" : nil), "no swiftc")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("extension-unavailable-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let probe = folder.appendingPathComponent("Probe.swift")
        try "import UIKit\n\n\(testCase.code)\n".write(to: probe, atomically: true, encoding: .utf8)
        let arguments = ["-typecheck", "-swift-version", "5", "-module-name", "Probe", "-I", Self.products.appendingPathComponent("Modules").path,
                         "-Xcc", "-fmodule-map-file=" + Self.products.appendingPathComponent("CAppexSystem.build/module.modulemap").path,
                         probe.path]
        let (status, output) = try await Offload.perform { () throws -> (Int32, String) in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: swiftc)
            process.arguments = arguments
            let pipe = Pipe()
            process.standardError = pipe
            process.standardOutput = pipe
            try process.run()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }
        #expect(status != 0)
        #expect(output.contains(testCase.expected), "\(output)")
    }
}
