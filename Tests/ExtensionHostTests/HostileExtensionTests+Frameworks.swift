import ExtensionHost
import Foundation
import HostTestSupport
import Testing

extension HostileExtensionTests {
    /// The containing app as the test lays it out: a framework in `Frameworks/`, and a file
    /// of the app's own beside it.
    struct AppFiles {
        let frameworkFolder: URL
        let library: URL
        let appFile: URL

        init(_ fixture: FixtureInstallation) throws {
            let app = fixture.installed.bundleURL.deletingLastPathComponent().deletingLastPathComponent()
            frameworkFolder = app.appendingPathComponent("Frameworks/Kit.framework")
            library = frameworkFolder.appendingPathComponent("libKit.so")
            appFile = app.appendingPathComponent("notes.db")
            try FileManager.default.createDirectory(at: frameworkFolder, withIntermediateDirectories: true)
            try Data("not really a library".utf8).write(to: library)
            try Data("the app's own data".utf8).write(to: appFile)
        }
    }

    @Test("the app's Frameworks/ is shown read-only and the rest of the app not at all; without a sandbox both are writable (the probe can tell)",
          arguments: hostSandboxModes)
    func frameworksReadOnly(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let files = try AppFiles(fixture)
        #expect(fixture.installed.frameworksURL?.path == files.frameworkFolder.deletingLastPathComponent().path)
        let text = try await Self.answer(of: fixture, "snoop", sandbox: sandbox, environment: [
            "APPEX_FIXTURE_PROBE": [files.library.path, files.appFile.path].joined(separator: ":"),
            "APPEX_FIXTURE_WRITE_PROBE": [files.library.path, files.frameworkFolder.path, files.appFile.path].joined(separator: ":"),
        ])
        if sandbox.isSandboxed {
            #expect(text == "reachable: \(files.library.path); writable: ")
        } else {
            #expect(text == "reachable: \(files.library.path) \(files.appFile.path); writable: \(files.library.path) \(files.frameworkFolder.path) \(files.appFile.path)")
        }
        #expect(try String(contentsOf: files.library, encoding: .utf8) == "not really a library")
    }
}
