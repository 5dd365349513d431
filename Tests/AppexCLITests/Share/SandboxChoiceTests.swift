import ExtensionIPC
import Foundation
import HostTestSupport
import Testing

/// Which sandbox the CLI runs extensions in, and what it says where one is missing: each
/// case runs `appex` as its own process with bubblewrap hidden (`APPEX_BUBBLEWRAP` names a
/// file that does not exist), as on a machine without the package.
@Suite("Sandbox choice")
struct SandboxChoiceTests {
    struct Doctor: Decodable {
        struct Sandboxes: Decodable {
            struct Candidate: Decodable { var kind: String; var available: Bool; var detail: String }
            struct Kernel: Decodable { var landlockABI: Int; var landlockFeatures: [String]; var seccomp: Bool }
            var uses: String?
            var why: String
            var candidates: [Candidate]
            var kernel: Kernel
        }
        var sandbox: Sandboxes
    }

    static func hiddenBubblewrap(_ home: URL) -> [String: String] {
        ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path,
         SandboxSupport.bubblewrapEnvironmentVariable: home.appendingPathComponent("no-bwrap").path]
    }

    @Test("without bubblewrap, appex doctor says the host uses Landlock, why, and what the kernel offers")
    func doctorWithoutBubblewrap() async throws {
        try requireSandbox(.landlock)
        let home = DemoAndShareTests.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try await appexProcess(["doctor", "--json", "--home", home.path], environment: Self.hiddenBubblewrap(home), streams: [1])
        let report = try JSONDecoder().decode(Doctor.self, from: Data(result.output.utf8))
        #expect(report.sandbox.uses == "landlock")
        #expect(report.sandbox.why.contains("bubblewrap is missing"))
        let bubblewrap = try #require(report.sandbox.candidates.first { $0.kind == "bubblewrap" })
        #expect(!bubblewrap.available)
        #expect(bubblewrap.detail.contains("APPEX_BUBBLEWRAP names"), "\(bubblewrap.detail)")
        #expect(report.sandbox.candidates.first { $0.kind == "landlock" }?.available == true)
        #expect(report.sandbox.kernel.landlockABI >= SandboxSupport.minimumLandlockABI)
        #expect(report.sandbox.kernel.landlockFeatures.contains("scoped abstract UNIX sockets and signals (ABI 6)"))
        #expect(report.sandbox.kernel.seccomp)
    }

    @Test("with bubblewrap installed, appex doctor's first section says the host uses it")
    func doctorWithBubblewrap() async throws {
        try requireSandbox(.bubblewrap)
        let home = DemoAndShareTests.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let result = await appex("doctor", "--home", home.path)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.dropFirst(2).first == "Sandbox", "\(result.output)")
        #expect(lines.contains { $0.hasPrefix("  uses     bubblewrap: bubblewrap is installed") }, "\(result.output)")
        #expect(lines.contains { $0.hasPrefix("  kernel   ") && $0.contains("Landlock ABI") }, "\(result.output)")
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        let says: [String]
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "bubblewrap asked for where it is missing", arguments: ["share", "--text", "hi", "--sandbox", "bubblewrap"],
                says: ["APPEX_BUBBLEWRAP names", "not an executable file", "Debian package `bubblewrap`", "--no-sandbox", "appex doctor"]),
        Refusal(name: "--no-sandbox with --sandbox", arguments: ["share", "--text", "hi", "--no-sandbox", "--sandbox", "landlock"],
                says: ["--no-sandbox and --sandbox landlock contradict each other"]),
    ]

    @Test("a sandbox that cannot be had is refused before anything runs, saying why", arguments: refusals)
    func refusal(_ refusal: Refusal) async throws {
        let home = DemoAndShareTests.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try await appexProcess(refusal.arguments + ["--home", home.path], environment: Self.hiddenBubblewrap(home))
        #expect(result.status != 0)
        for phrase in refusal.says { #expect(result.output.contains(phrase), "\(phrase) missing from: \(result.output)") }
        #expect(!result.output.contains("Running "), "it ran something: \(result.output)")
    }
}
