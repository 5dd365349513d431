import ExtensionHost
import ExtensionIPC
import ExtensionManifest
import Foundation
import Glibc
import IBusKeyboards

/// The custom keyboard benchmark: keystroke to commit through a real ibus-daemon, IBus's
/// Python bindings as the app, timed in the app.
///
/// - baseline: IBus's own simple engine (`xkb:us::eng`, ibus-engine-simple) finishing a
///   compose sequence — dead acute, then `e`, committing `é` — timed from the `e`;
/// - Appex: the fixture keyboard (in its sandbox, bubblewrap when this machine has it)
///   through `KeyboardEngineService`, `a` committing `a`: the key to the engine, to the
///   keyboard's process and its view's key, the edit back, `commit_text` to the app.
///
/// Goal: p99 ≤ 5 ms (issue 50).
struct KeyboardSuite {
    /// Keys timed per figure.
    let keys: Int

    static let engine = "appex:com.example.bench.Keys"

    func run() async throws -> KeyboardResults {
        guard let executable = HostFixture.locateExecutable() else {
            throw HostBenchError("the keyboard suite needs the fixture extension next to appex-bench (build appex-fixture-extension with the same scratch path)")
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("appex-bench-keyboard-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let keyboard = try KeyboardFixture.install(executable: executable, root: root)
        let sandboxed = SandboxSupport.bubblewrapPath() != nil
        let host = ExtensionHost(catalog: FixedCatalog([keyboard]), options: LaunchOptions(sandboxed: sandboxed, environment: ["APPEX_FIXTURE_BEHAVIOR": "echo"]))
        let service = KeyboardEngineService(host: host, keyboards: [keyboard], exec: "/bin/false --ibus")
        return try await IBusBenchDaemon.with { daemon in
            // The baseline first, on a daemon with nothing of Appex's registered yet.
            let simple = try await daemon.keyLatencies(engine: "xkb:us::eng", keyval: 0x65, count: keys, prefix: 0xfe51, waitForKeyboard: false)
            let (ready, readySignal) = AsyncStream.makeStream(of: Void.self)
            return try await withThrowingTaskGroup(of: KeyboardResults?.self) { group in
                group.addTask {
                    try await service.serve(address: daemon.address, register: true, onReady: { readySignal.yield() })
                    return nil
                }
                for await _ in ready { break }
                let appex = try await daemon.keyLatencies(engine: Self.engine, keyval: 0x61, count: keys, waitForKeyboard: true)
                group.cancelAll()
                while try await group.next() != nil {}
                return KeyboardResults(keys: keys, mode: sandboxed ? "bubblewrap" : "no sandbox", simpleEngine: simple, appex: appex)
            }
        }
    }
}

/// The fixture extension installed as a custom keyboard.
enum KeyboardFixture {
    static func install(executable: URL, root: URL) throws -> InstalledExtension {
        let app = root.appendingPathComponent("Applications/Keys.app")
        let appex = app.appendingPathComponent("PlugIns/Keys.appex")
        try FileManager.default.createDirectory(at: appex, withIntermediateDirectories: true)
        try plist(["CFBundleIdentifier": "com.example.bench", "CFBundleExecutable": "App", "CFBundleVersion": "1", "CFBundleShortVersionString": "1.0"],
                  app.appendingPathComponent("Info.plist"))
        try plist(["CFBundleIdentifier": "com.example.bench.Keys", "CFBundleExecutable": HostFixture.executableName, "CFBundleDisplayName": "Keys",
                   "CFBundleVersion": "1", "CFBundleShortVersionString": "1.0",
                   "NSExtension": ["NSExtensionPointIdentifier": ExtensionPoint.keyboard, "NSExtensionPrincipalClass": "FixtureKeyboard",
                                   "NSExtensionAttributes": ["PrimaryLanguage": "en-US"]]],
                  appex.appendingPathComponent("Info.plist"))
        let copy = appex.appendingPathComponent(HostFixture.executableName)
        if link(executable.path, copy.path) != 0 { try FileManager.default.copyItem(at: executable, to: copy) }
        guard let bundle = try ManifestLoader().load(app.path).extensions.first else {
            throw HostBenchError("the keyboard app at \(app.path) declares no extension")
        }
        let data = root.appendingPathComponent("Containers/Data/com.example.bench.Keys")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        return InstalledExtension(bundle: bundle, bundleURL: appex, executableURL: copy, dataContainerURL: data)
    }

    private static func plist(_ value: [String: Any], _ url: URL) throws {
        try PropertyListSerialization.data(fromPropertyList: value, format: .xml, options: 0).write(to: url)
    }
}
