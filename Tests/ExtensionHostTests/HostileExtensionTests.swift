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
        var testDescription: String { "\(behavior) → \(expected)" }
    }

    static let cases: [Case] = [
        Case(behavior: "crash", expected: .crashed, wallClock: .seconds(60)),
        Case(behavior: "hang", expected: .wallClockLimitExceeded, wallClock: .seconds(2)),
        Case(behavior: "bomb", expected: .memoryLimitExceeded, wallClock: .seconds(60)),
        Case(behavior: "garbage", expected: .protocolViolation, wallClock: .seconds(60)),
        Case(behavior: "oversize", expected: .protocolViolation, wallClock: .seconds(60)),
        Case(behavior: "flood", expected: .protocolViolation, wallClock: .seconds(60)),
        Case(behavior: "never-complete", expected: .wallClockLimitExceeded, wallClock: .seconds(2)),
    ]

    @Test("each hostile extension is ended and reported; the host still works afterwards", arguments: cases)
    func contained(_ hostile: Case) async throws {
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let sandboxed = hostSandboxModes[0]
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options(hostile.behavior, sandboxed: sandboxed, wallClock: hostile.wallClock))
        let item = ExtensionItem()
        item.attachments = [ItemProvider(item: .string("hi"), typeIdentifier: "public.plain-text")]
        let report = await host.run(fixture.installed, items: [item])
        guard case .failed(let error) = report.outcome else {
            Issue.record("expected a failure, got \(report.outcome)")
            return
        }
        #expect(error.code == hostile.expected, "\(error)")
        #expect(error.message.contains(fixture.installed.identifier))
        #expect(report.ending != nil)

        let healthy = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                    options: FixtureInstallation.options("uppercase", sandboxed: sandboxed))
        let after = await healthy.run(fixture.installed, items: [item])
        let text = try await after.completedItems()[0].attachments?[0].loadItem(forTypeIdentifier: "public.plain-text", as: String.self)
        #expect(text == "HI")
    }

    @Test("a crash names its signal")
    func crashNamesSignal() async throws {
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("crash", sandboxed: hostSandboxModes[0]))
        let report = await host.run(fixture.installed, items: [ExtensionItem()])
        guard case .failed(let error) = report.outcome else {
            Issue.record("expected a failure, got \(report.outcome)")
            return
        }
        #expect(error.message.contains("SIGSEGV"))
    }

    @Test("a sandboxed extension cannot reach another app's container, the user's home or the host's files",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/bwrap")))
    func snoopingFails() async throws {
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
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("snoop", sandboxed: true,
                                                                      environment: ["APPEX_FIXTURE_PROBE": probe.joined(separator: ":")]))
        let report = await host.run(fixture.installed, items: [ExtensionItem()])
        let text = try await report.completedItems()[0].attachments?[0].loadItem(forTypeIdentifier: "public.plain-text", as: String.self)
        // Only its own app group's container is there. (The folders above the containers
        // exist inside as bubblewrap's empty mount points; they show nothing else.)
        #expect(text == "reachable: \(own)")
    }
}
