import AppExtensions
import ExtensionHost
import ExtensionIPC
import Foundation
import HostTestSupport
import Testing

/// Extensions that try to fill the host's disk through their containers.
/// docs/RELIABILITY.md lists them with their results.
extension HostileExtensionTests {
    /// The disk limit in the fill tests (off by default).
    static let testDiskCap = 8_000_000

    /// One way of filling the data container, in one sandbox.
    struct FillCase: CustomTestStringConvertible, Sendable {
        /// `APPEX_FIXTURE_FILL_CALL`: how the fixture writes each block (Fixture.fillDisk).
        var call: String
        var sandbox: SandboxMode
        var testDescription: String { "\(call) (\(sandbox.testDescription))" }
        /// The cap: a quarter of ``testDiskCap`` for new folders, each a round trip to the
        /// host for 4 KiB (thousands of them take minutes under a loaded suite).
        var cap: Int { call == "mkdir" ? HostileExtensionTests.testDiskCap / 4 : HostileExtensionTests.testDiskCap }
    }

    static let fillCases: [FillCase] = hostSandboxModes.flatMap { sandbox in
        ["write", "writev", "fallocate", "mmap", "mkdir"].map { FillCase(call: $0, sandbox: sandbox) }
    }

    @Test("filling the data container stops at the disk limit, whatever call writes (write, writev, fallocate, a shared mapping, new folders), sandboxed or not: disk-limit-exceeded, no more than the cap on the disk, the host still works",
          .serialized, arguments: fillCases)
    func fillContainer(_ fill: FillCase) async throws {
        try requireSandbox(fill.sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        var options = FixtureInstallation.options("fill-disk", sandbox: fill.sandbox, environment: ["APPEX_FIXTURE_FILL_CALL": fill.call])
        options.diskCap = fill.cap
        try await Self.expectEndedAtDiskLimit(fixture, options: options)
        let container = fixture.installed.dataContainerURL.path
        let used = try #require(DiskLimit.usage(of: [container]), "the container could not be measured")
        let filled = try FileManager.default.contentsOfDirectory(atPath: container).filter { $0.hasPrefix("fill-") }
        #expect(used <= fill.cap, "the container holds \(used) bytes in \(filled.count) fill files")
        // It did write up to near the cap: the limit is not hit early.
        #expect(used >= fill.cap / 2, "the container holds only \(used) bytes in \(filled.count) fill files")
        try await Self.expectHealthyRun(fixture, sandbox: fill.sandbox)
    }
}

extension HostileExtensionTests {
    @Test("under Landlock without the task cap, /tmp is a folder on the disk, and the disk limit counts it whole: disk-limit-exceeded")
    func fillTemporaryOnDisk() async throws {
        try requireSandbox(.landlock)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        var options = FixtureInstallation.options("fill-disk", sandbox: .landlock, environment: ["APPEX_FIXTURE_FOLDER": "tmp"])
        options.taskCap = nil
        options.diskCap = Self.testDiskCap
        try await Self.expectEndedAtDiskLimit(fixture, options: options)
    }

    /// Runs the fixture under `options` and expects the run to end with
    /// `disk-limit-exceeded`, its message naming `options.diskCap`.
    static func expectEndedAtDiskLimit(_ fixture: FixtureInstallation, options: LaunchOptions,
                                       sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let cap = try #require(options.diskCap, "no disk limit to test", sourceLocation: sourceLocation)
        let report = await ExtensionHost(catalog: FixedCatalog([fixture.installed]), options: options)
            .run(fixture.installed, items: [ExtensionItem()])
        let error = try #require(report.failure, "expected the fill to be ended, got \(report.outcome)", sourceLocation: sourceLocation)
        #expect(error.code == .diskLimitExceeded, "\(error)", sourceLocation: sourceLocation)
        #expect(error.message.contains("> \(cap / 1_000_000) MB"), "\(error.message)", sourceLocation: sourceLocation)
    }
}
