import BackgroundTransfers
import DeviceLayout
import ExtensionIPC
import Foundation
import HostTestSupport
import Testing

/// The Uploader example end to end, as a user runs it: `appex bundle` and `appex install`,
/// the endpoint set with `appex defaults write`, a file shared with `appex share` to the
/// Upload extension in its sandbox, which hands it to the transfer service and goes; the
/// service uploads it to a loopback server; and Uploader, run from its installed bundle
/// (known to the service by its executable), reports it exactly once.
@Suite("Uploader example", .serialized)
struct UploaderExampleTests {
    static let group = "group.com.example.uploader"

    @Test("a shared file goes through the sandboxed extension and the service to the server; the app reports it once",
          arguments: sandboxedModes)
    func shareUploadReport(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let sandboxArguments = ["--sandbox", sandbox.rawValue]
        let appex = try #require(FixtureInstallation.builtProduct("appex"), "the appex product is not built next to the tests")
        let products = appex.deletingLastPathComponent()
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/Uploader/Bundle")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("appex-uploader-\(UUID().uuidString.prefix(8))")
        let home = AppexHome(root: root.appendingPathComponent("home"))
        defer {
            if let pid = TransferServiceLayout(home: home).servicePID() { kill(pid, SIGTERM) }
            try? FileManager.default.removeItem(at: root)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // An extension may take 120 s to say hello on CI's loaded cores (APPEX_START_TIMEOUT).
        let environment = ["APPEX_HOME": home.root.path, "PATH": products.path + ":/usr/bin:/bin", "LANG": "C.UTF-8",
                           "APPEX_START_TIMEOUT": "120"]
        let bundle = root.appendingPathComponent("Uploader.app")
        let photo = root.appendingPathComponent("holiday photo.jpg")
        let bytes = Data.testPattern(count: 300_000, seed: 3)
        try bytes.write(to: photo)

        try await FailingServer.with { base, server in
            try await Self.expectSuccess(appex.path, ["bundle", source.path, "--products", products.path, "--output", bundle.path], environment)
            try await Self.expectSuccess(appex.path, ["install", bundle.path], environment)
            try await Self.expectSuccess(appex.path, ["defaults", "write", Self.group, "upload-endpoint", base.appendingPathComponent("files").absoluteString],
                                         environment)

            // Told when the upload has ended, as a running app would be.
            let layout = TransferServiceLayout(home: home)
            let token = try layout.issue(TransferLaunchRecord(extensionIdentifier: "com.example.uploader", applicationIdentifier: "com.example.uploader",
                                                              appGroups: [Self.group], hostProcessIdentifier: getpid()))

            let shared = try await Self.expectSuccess(appex.path, ["share", "--to", "com.example.uploader.UploadFile", photo.path] + sandboxArguments,
                                                     environment)
            #expect(shared.contains("in its \(sandbox == .landlock ? "Landlock" : "bubblewrap") sandbox"))
            #expect(shared.contains("uploading holiday photo.jpg in the background"))
            var told = URLSession.backgroundSessionEvents(endpoint: TransferServiceEndpoint(socket: layout.socket, token: token, starter: nil))
                .makeAsyncIterator()
            #expect(try await told.next() == "com.example.uploader.UploadFile")
            #expect(server.completeUploads("/files/holiday photo.jpg") == [bytes])
            // The extension's grant went with its run (only the one this test issued is left);
            // its upload went on without it.
            let grants = try FileManager.default.contentsOfDirectory(atPath: layout.launchesDirectory.path)
            #expect(grants == [layout.launchRecord(token: token).lastPathComponent], "\(grants)")

            // The app, started from its installed bundle as the system starts it (in its
            // sandbox); the service knows it by its executable.
            let open = ["open", "com.example.uploader"] + sandboxArguments
            let first = try await Self.expectSuccess(appex.path, open, environment)
            #expect(first.contains("Uploader: holiday photo.jpg uploaded, HTTP 201: stored 300000 bytes"))
            #expect(first.contains("Uploader: 1 upload(s) started by the extension; 1 reported so far"))
            let second = try await Self.expectSuccess(appex.path, open, environment)
            let log = (try? String(contentsOf: layout.root.appendingPathComponent("service.log"), encoding: .utf8)) ?? "(no service.log)"
            #expect(!second.contains("uploaded, HTTP"), "reported twice: \(second)\nfirst run: \(first)\nservice.log: \(log)")
            #expect(second.contains("1 reported so far"))
        }
    }

    /// Runs a program to its end with standard output and error captured; records an issue
    /// unless it exits with 0.
    @discardableResult
    static func expectSuccess(_ executable: String, _ arguments: [String], _ environment: [String: String]) async throws -> String {
        let process = try await ChildProcess.launch(.init(executable: executable, arguments: arguments, environment: environment, sandbox: nil,
                                                          limits: ProcessLimits(memoryCap: nil, wallClock: .seconds(300)), captures: [1, 2]))
        let ending = await process.exit()
        let output = await process.output(waitingUpTo: .seconds(30))
        #expect(ending.isSuccess, "\(URL(fileURLWithPath: executable).lastPathComponent) \(arguments.joined(separator: " ")): \(ending)\n\(output)")
        return output
    }
}
