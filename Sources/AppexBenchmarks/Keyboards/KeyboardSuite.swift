import ExtensionHost
import ExtensionIPC
import ExtensionManifest
import Foundation
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
/// Goal: p99 ≤ 5 ms (docs/BENCHMARKS.md, "Custom keyboards").
struct KeyboardSuite {
    /// Keys timed per figure.
    let keys: Int

    static let engine = "appex:com.example.bench.Keys"

    func run() async throws -> KeyboardResults {
        guard let executable = HostFixture.locateExecutable() else {
            throw HostBenchError("the keyboard suite needs the fixture extension next to appex-bench (build appex-fixture-extension with the same scratch path)")
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("appex-bench-keyboard-\(UUID().uuidString.prefix(8))")
        // A temporary folder left behind is the system's to clean; the figures stand either way.
        defer { try? FileManager.default.removeItem(at: root) }
        let keyboard = try BenchExtensionFixture.install(executable: executable, root: root, appName: "Keys", identifier: "com.example.bench.Keys",
                                                         displayName: "Keys", point: ExtensionPoint.keyboard, principalClass: "FixtureKeyboard",
                                                         attributes: ["PrimaryLanguage": "en-US"])
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
