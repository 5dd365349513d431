import HostTestSupport
import ExtensionIPC
import AppExtensions
import ExtensionHost
import Foundation
import Testing

/// Extensions that misbehave are contained, reported with their own error, and the host
/// goes on working.
@Suite("Hostile extensions")
struct HostileExtensionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let behavior: String
        let expected: ExtensionHostError.Code
        let wallClock: Duration
        var sandbox = SandboxMode.bubblewrap
        var testDescription: String { "\(behavior) → \(expected) (\(sandbox.testDescription))" }
    }

    /// Each case in every sandbox mode.
    static let cases: [Case] = hostSandboxModes.flatMap { sandbox in
        baseCases.map { hostile in
            var copy = hostile
            copy.sandbox = sandbox
            return copy
        }
    }

    static let baseCases: [Case] = [
        Case(behavior: "crash", expected: .crashed, wallClock: .seconds(180)),
        Case(behavior: "trap", expected: .crashed, wallClock: .seconds(180)),
        Case(behavior: "hang", expected: .wallClockLimitExceeded, wallClock: .seconds(2)),
        Case(behavior: "bomb", expected: .memoryLimitExceeded, wallClock: .seconds(180)),
        Case(behavior: "garbage", expected: .protocolViolation, wallClock: .seconds(180)),
        Case(behavior: "oversize", expected: .protocolViolation, wallClock: .seconds(180)),
        Case(behavior: "flood", expected: .protocolViolation, wallClock: .seconds(180)),
        Case(behavior: "unsolicited-pong", expected: .protocolViolation, wallClock: .seconds(180)),
        Case(behavior: "never-complete", expected: .wallClockLimitExceeded, wallClock: .seconds(2)),
    ]

    @Test("each hostile extension is ended and reported; the host still works afterwards", arguments: cases)
    func contained(_ hostile: Case) async throws {
        try requireSandbox(hostile.sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let sandbox = hostile.sandbox
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options(hostile.behavior, sandbox: sandbox, wallClock: hostile.wallClock))
        let item = ExtensionItem()
        item.attachments = [ItemProvider(item: .string("hi"), typeIdentifier: "public.plain-text")]
        let report = await host.run(fixture.installed, items: [item])
        let error = try #require(report.failure, "expected a failure, got \(report.outcome)")
        #expect(error.code == hostile.expected, "\(error)")
        #expect(error.message.contains(fixture.installed.identifier))
        #expect(report.ending != nil)

        let healthy = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                    options: FixtureInstallation.options("uppercase", sandbox: sandbox))
        let after = await healthy.run(fixture.installed, items: [item])
        let text = try await after.completedItems()[0].attachments?[0].loadItem(forTypeIdentifier: "public.plain-text", as: String.self)
        #expect(text == "HI")
    }

    struct CrashCase: CustomTestStringConvertible, Sendable {
        let behavior: String
        let signals: [String]
        let frame: String
        let sandbox: SandboxMode
        var testDescription: String { "\(behavior) (\(sandbox.testDescription))" }
    }

    static let crashCases: [CrashCase] = hostSandboxModes.flatMap { sandbox in
        [CrashCase(behavior: "crash", signals: ["SIGSEGV"], frame: "Fixture.crash()", sandbox: sandbox),
         CrashCase(behavior: "trap", signals: ["SIGILL", "SIGTRAP"], frame: "Fixture.misbehave(_:)", sandbox: sandbox)]
    }

    /// How many times each crash case crashes: once in the suite; scripts/crash-rounds sets
    /// `APPEX_CRASH_ROUNDS` (50) and keeps a core busy, to show that a crash reads as a crash
    /// every time, never as a memory kill (docs/RELIABILITY.md, "Crashes under load").
    static let crashRounds = max(1, Int(ProcessInfo.processInfo.environment["APPEX_CRASH_ROUNDS"] ?? "") ?? 1)

    @Test("a crash names its signal and keeps the backtracer's report, sandboxed or not", arguments: crashCases)
    func crashReport(_ crash: CrashCase) async throws {
        try requireSandbox(crash.sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        var options = FixtureInstallation.options(crash.behavior, sandbox: crash.sandbox)
        let store = CrashReportStore(directory: fixture.root.appendingPathComponent("CrashReports"), keep: 2)
        options.crashReports = store
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]), options: options)
        var kept: [String] = []
        for round in 1...Self.crashRounds {
            let report = await host.run(fixture.installed, items: [ExtensionItem()])
            let error = try #require(report.failure, "round \(round): expected a crash, got \(report.outcome)")
            #expect(error.code == .crashed, "round \(round): \(error)")
            #expect(crash.signals.contains { error.message.contains($0) }, "round \(round): \(error.message)")
            let crashed = try #require(report.crashReport, "round \(round): no crash report for \(error)")
            #expect(crash.signals.contains(crashed.signal))
            #expect(error.message.contains(crashed.path))
            #expect(crashed.extensionIdentifier == fixture.installed.identifier)
            // The debug build carries its symbols and lines: the author sees their own code.
            let own = try #require(crashed.firstOwnFrame, "round \(round): \(crashed.frames)")
            #expect(own.description.contains(crash.frame), "round \(round): \(crashed.frames.map(\.description))")
            #expect(own.sourceLocation?.contains("Sources/FixtureExtension/") == true, "round \(round): \(own)")
            kept.append(crashed.identifier)
        }
        // The newest reports are kept (two), and the runs' private folders for the backtracer
        // are gone: only the reports remain.
        let stored = store.reports(extensionIdentifier: fixture.installed.identifier).map(\.identifier)
        #expect(Set(stored) == Set(kept.suffix(2)), "\(stored), kept \(kept.suffix(2))")
        let folder = store.directory.appendingPathComponent(fixture.installed.identifier)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == Set(stored.map { $0 + ".json" }))
    }

    @Test("a crash's backtracer is not charged to the extension's memory cap: under a cap it alone would pass, the crash is still reported as one, with its report",
          arguments: hostSandboxModes)
    func backtracerNotCharged(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        var options = FixtureInstallation.options("crash", sandbox: sandbox)
        options.crashReports = CrashReportStore(directory: fixture.root.appendingPathComponent("CrashReports"), keep: 2)
        // Above the fixture's own memory, below what the fixture and the backtracer reading
        // its debug information hold together.
        options.memoryCap = Self.backtracerTestCap
        let report = await ExtensionHost(catalog: FixedCatalog([fixture.installed]), options: options)
            .run(fixture.installed, items: [ExtensionItem()])
        let error = try #require(report.failure, "expected a crash, got \(report.outcome)")
        #expect(error.code == .crashed, "\(error)")
        #expect(report.crashReport?.signal == "SIGSEGV")
    }

    /// The memory cap of the backtracer test: the fixture crashes well under it; with the
    /// backtracer counted, every sandbox's run was killed for memory (at 60 MB two of three).
    static let backtracerTestCap = 40_000_000

    @Test("only the last reports per extension are kept")
    func pruning() async throws {
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        var options = FixtureInstallation.options("crash", sandbox: .none)
        let store = CrashReportStore(directory: fixture.root.appendingPathComponent("CrashReports"), keep: 2)
        options.crashReports = store
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]), options: options)
        var kept: [String] = []
        for _ in 0..<3 { kept += [try #require(await host.run(fixture.installed, items: [ExtensionItem()]).crashReport?.identifier)] }
        #expect(store.reports().map(\.identifier) == Array(kept.suffix(2).reversed()))
    }

    @Test("a file handed to a sandboxed extension stays read-only: no chmod, write, truncate or writable hard link through its /proc/self/fd path",
          arguments: sandboxedModes)
    func handedFileStaysReadOnly(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let file = fixture.root.appendingPathComponent("contract.txt")
        try Data("signed".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let item = ExtensionItem()
        item.attachments = [try #require(ItemProvider(contentsOf: file))]
        let text = try await Self.answer(of: fixture, "tamper", sandbox: sandbox, items: [item])
        // bubblewrap's read-only mount refuses them all (EROFS; the link crosses mounts).
        // Under Landlock the write and truncate are refused (EACCES), the link too (the
        // hand-off folder's rule grants no right to refer to it from another), and the
        // chmod is a no-op the seccomp filter reports as done.
        let outcomes = Dictionary(uniqueKeysWithValues: text.split(separator: ";").map { part in
            let pair = part.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            return (pair.first ?? "", pair.last ?? "")
        })
        #expect(Set(outcomes.keys) == ["chmod", "write", "truncate", "link"], "\(text)")
        for step in ["write", "truncate", "link"] { #expect(outcomes[step] != "done", "\(step): \(text)") }
        #expect(!FileManager.default.fileExists(atPath: fixture.installed.dataContainerURL.appendingPathComponent("tampered-link").path))
        #expect(try String(contentsOf: file, encoding: .utf8) == "signed")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
        #expect(mode == 0o644)
    }

    /// How a sandbox hides the host from an extension that would trace or signal it.
    struct HostReach: CustomTestStringConvertible, Sendable {
        let sandbox: SandboxMode
        /// Whether the run has a task cap, and with it (under Landlock) its own PID namespace.
        let namespaces: Bool
        let signal: String
        let trace: String
        var testDescription: String { "\(sandbox.testDescription)\(namespaces ? "" : ", no task cap")" }
    }

    /// Each sandbox's own PID namespace hides the host (ESRCH); beneath it, Landlock's scopes
    /// refuse (EPERM), as a Landlock run without a task cap, and so without namespaces, shows.
    static let hostReaches = [
        HostReach(sandbox: .bubblewrap, namespaces: true, signal: "kill: ESRCH (No such process)", trace: "ptrace: ESRCH; mem: ENOENT; read: ESRCH"),
        HostReach(sandbox: .landlock, namespaces: true, signal: "kill: ESRCH (No such process)", trace: "ptrace: ESRCH; mem: ENOENT; read: ESRCH"),
        HostReach(sandbox: .landlock, namespaces: false, signal: "kill: EPERM (Operation not permitted)", trace: "ptrace: EPERM; mem: EACCES; read: EPERM"),
    ]

    @Test("a sandboxed extension cannot signal the host: its PID namespace hides it (ESRCH); beneath, Landlock scopes signals (EPERM)",
          arguments: hostReaches)
    func cannotSignalHost(reach: HostReach) async throws {
        try requireSandbox(reach.sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let text = try await Self.answer(of: fixture, "signal-host", sandbox: reach.sandbox,
                                         environment: ["APPEX_FIXTURE_TARGET_PID": String(getpid())]) { options in
            if !reach.namespaces { options.taskCap = nil }
        }
        #expect(text == reach.signal)
    }

    @Test("a sandboxed extension cannot reach another app's container, the user's home or the host's files; the host still works afterwards",
          arguments: sandboxedModes)
    func snoopingFails(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let other = fixture.root.appendingPathComponent("Containers/Data/com.example.other")
        let otherGroup = fixture.root.appendingPathComponent("Containers/Shared/AppGroup/group.com.example.other")
        for folder in [other, otherGroup] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("secret".utf8).write(to: folder.appendingPathComponent("secret.txt"))
        }
        let own = fixture.installed.appGroupContainers[FixtureInstallation.groupIdentifier]?.path ?? "/nonexistent"
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        let probe = [other.path, other.appendingPathComponent("secret.txt").path, otherGroup.path,
                     home, "/home", "/root", "/etc/passwd", "/etc/shadow", "/work", own]
        let text = try await Self.answer(of: fixture, "snoop", sandbox: sandbox,
                                         environment: ["APPEX_FIXTURE_PROBE": probe.joined(separator: ":")])
        // Only its own app group's container is there. (The folders above the containers
        // exist inside as bubblewrap's empty mount points; they show nothing else.)
        #expect(text == "reachable: \(own)")

        let item = ExtensionItem()
        item.attachments = [ItemProvider(item: .string("hi"), typeIdentifier: "public.plain-text")]
        #expect(try await Self.answer(of: fixture, "uppercase", sandbox: sandbox, items: [item]) == "HI")
    }

    /// The text the fixture answers with when it runs `behavior` in `sandbox` on `items`;
    /// fails when it does not complete with one.
    static func answer(of fixture: FixtureInstallation, _ behavior: String, sandbox: SandboxMode,
                       environment: [String: String] = [:], items: [ExtensionItem] = [ExtensionItem()],
                       configure: (inout LaunchOptions) -> Void = { _ in }) async throws -> String {
        var options = FixtureInstallation.options(behavior, sandbox: sandbox, environment: environment)
        configure(&options)
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]), options: options)
        let report = await host.run(fixture.installed, items: items)
        return try #require(try await report.completedItems().first?.attachments?.first?
            .loadItem(forTypeIdentifier: "public.plain-text", as: String.self))
    }
}
