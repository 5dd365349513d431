@testable import ExtensionIPC
import Foundation
import Glibc
import HostTestSupport
import Testing

/// "kill -9 of the host in the middle of a share" (docs/HOST.md, docs/RELIABILITY.md), under each sandbox: the host
/// is `appex share` in its own process; the extension it runs (the fixture, `hold`) says it
/// runs through a FIFO in its data container, then becomes `sleep infinity` holding that
/// FIFO's only write end, so the test sees the extension's end as the FIFO's end, with no
/// polling of /proc, and no runtime ends it early when the host's channel closes. After the
/// host's SIGKILL the extension must end too, the registry must pass `appex doctor`'s
/// integrity check, and the next share must work.
///
/// bubblewrap ends it (--die-with-parent, and its PID namespace). Under Landlock the
/// parent-death signal belongs to the thread that was started, and the fixture execs from
/// another thread (its request's), so it is the reaper that ends it (`appex-reaper`,
/// ExtensionIPC's LandlockReaper: the host's pipe to it closes, and it kills the session).
/// Without a sandbox nothing ends it, so that mode is not a case.
@Suite("A host killed with -9", .serialized)
struct HostKillTests {
    /// A source app with two action extensions, both the fixture: `Hold` (`hold`) and `Upper`
    /// (`uppercase`).
    static func source(in fixture: RegistryFixture) throws -> URL {
        let source = try fixture.source(app: "Holder", extensions: [])
        let binary = URL(fileURLWithPath: DemoAndShareTests.products).appendingPathComponent("appex-fixture-extension")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "appex-fixture-extension is not built next to the tests")
        for (name, behavior) in [("Hold", "hold"), ("Upper", "uppercase")] {
            let product = fixture.products.appendingPathComponent("Holder\(name)")
            if link(binary.path, product.path) != 0 { try FileManager.default.copyItem(at: binary, to: product) }
            let extra = """
                <key>CFBundleDisplayName</key><string>\(name)</string>
                <key>AppexFixtureBehavior</key><string>\(behavior)</string>
                <key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.ui-services</string>
                <key>NSExtensionPrincipalClass</key><string>FixtureHandler</string><key>NSExtensionAttributes</key><dict>
                <key>NSExtensionActivationRule</key><dict><key>NSExtensionActivationSupportsText</key><true/></dict></dict></dict>
                """
            try fixture.write(fixture.plist(id: "com.example.holder.\(name)", executable: "Holder\(name)", version: "1", extra: extra),
                              source.appendingPathComponent("PlugIns/\(name).appex/Info.plist"))
        }
        return source
    }

    /// Waits, at most `limit`, until `descriptor` (a FIFO's read end, non-blocking) is
    /// readable, and reads what is there: `nil` when the time ran out, empty at the end of
    /// the stream. The wait is the event loop's, not a thread's: a thread pool busy with
    /// the rest of the suite must not make the test read "ready" after the host's end.
    static func read(_ descriptor: Int32, within limit: Duration) async throws -> String? {
        let loop = try EventLoop.shared()
        let readable = await value(within: limit, of: { await loop.waitUntilReadable(descriptor) }) != nil
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = readable ? Glibc.read(descriptor, &buffer, buffer.count) : -1
        return count >= 0 ? String(decoding: buffer.prefix(count), as: UTF8.self) : nil
    }

    @Test("the host killed with -9 mid-share: the extension ends with it, the registry is intact, the next share works",
          arguments: sandboxedModes)
    func hostKilled(_ mode: SandboxMode) async throws {
        try requireSandbox(mode)
        let fixture = try RegistryFixture()
        defer { fixture.remove() }
        let app = fixture.root.appendingPathComponent("out/Holder.app").path
        let bundled = await appex("bundle", try Self.source(in: fixture).path, "--products", fixture.products.path, "--output", app)
        try #require(bundled.status == 0, "\(bundled.error)")
        try #require(await appex("install", app, "--home", fixture.home).status == 0)

        // The FIFO, opened for reading first, so that the extension's open does not wait.
        let container = URL(fileURLWithPath: fixture.home).appendingPathComponent("Containers/Data/com.example.holder.Hold")
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        let fifo = container.appendingPathComponent("ready.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(reader >= 0)
        defer { close(reader) }

        let executable = try #require(FixtureInstallation.builtProduct("appex"), "the appex product is not built next to the tests")
        let host = try await ChildProcess.launch(.init(
            executable: executable.path,
            arguments: ["share", "--text", "hi", "--point", "action", "--to", "com.example.holder.Hold", "--home", fixture.home]
                + mode.commandLineArguments,
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "APPEX_START_TIMEOUT": "120"], sandbox: nil,
            limits: ProcessLimits(memoryCap: nil, wallClock: .seconds(300)), captures: [1, 2]))
        // Bounds, not speeds: a loaded machine starts a sandboxed extension in seconds.
        let ready = try await Self.read(reader, within: .seconds(120))
        if ready != "ready\n" { kill(host.pid, SIGKILL) }
        let early = ready == "ready\n" ? "" : await host.output(waitingUpTo: .seconds(1))
        try #require(ready == "ready\n", "the extension never said it runs: \(early)")

        #expect(kill(host.pid, SIGKILL) == 0)
        #expect(await host.exit() == .signaled(signal: SIGKILL, name: "SIGKILL"))
        let end = try await Self.read(reader, within: .seconds(60))
        #expect(end == "", "the extension outlived its host killed with -9 (\(mode))")
        // Should it have survived, it is not left running on the machine.
        for survivor in ProcessTable.processes(withHome: container.path) { kill(survivor, SIGKILL) }

        let doctor = await appex("doctor", "--json", "--home", fixture.home)
        #expect(doctor.status == 0, "\(doctor.output)\(doctor.error)")
        let next = await appex(["share", "--text", "hi", "--point", "action", "--to", "com.example.holder.Upper", "--json",
                                "--home", fixture.home] + mode.commandLineArguments)
        #expect(next.status == 0, "\(next.error)")
        #expect(next.output.contains("\"HI\""), "\(next.output)")
    }
}
