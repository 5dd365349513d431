import AppexCLI
@testable import ExtensionIPC
import HostTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

/// The result of running `appex` in-process.
struct CLIResult {
    var status: Int32
    var output: String
    var error: String
}

/// Runs an `appex` command line in-process with its output captured.
func appex(_ arguments: String...) async -> CLIResult { await appex(arguments) }

/// Runs an `appex` command line in-process with its output captured.
func appex(_ arguments: [String]) async -> CLIResult {
    // Without a terminal but with a graphical session, `appex share` opens the web sheet
    // and waits for a person; tests run on a developer's desktop must not. (These variables
    // are only ever removed, by every caller alike, so concurrent tests agree.)
    unsetenv("DISPLAY")
    unsetenv("WAYLAND_DISPLAY")
    // Nor may `appex setup` reach the developer's own systemd user manager and enable units.
    unsetenv("XDG_RUNTIME_DIR")
    // An extension may take 120 s to say hello, as in every other test (SandboxMode.options):
    // a full run on two loaded cores has seen sandboxed hellos later than the CLI's 20 s.
    // (Only ever set to this value, by every caller alike.)
    setenv("APPEX_START_TIMEOUT", "120", 1)
    let status = Mutex<Int32>(0)
    let (output, error) = await Console.withCapture {
        let code = await AppexCommand.execute(arguments)
        status.withLock { $0 = code }
    }
    return CLIResult(status: status.withLock { $0 }, output: output, error: error)
}

/// Compares text with the snapshot `Snapshots/<name>.txt` beside this file.
///
/// A missing snapshot is written and the test fails, so a new snapshot is always looked at
/// once; set `APPEX_RECORD_SNAPSHOTS=1` to rewrite all of them.
func expectSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots").appendingPathComponent(name + ".txt")
    let record = ProcessInfo.processInfo.environment["APPEX_RECORD_SNAPSHOTS"] == "1"
    guard !record, let stored = try? String(contentsOf: url, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: url)
        Issue.record("recorded snapshot \(name); check it and run again", sourceLocation: sourceLocation)
        return
    }
    #expect(stored == text, "output differs from snapshot \(name).txt", sourceLocation: sourceLocation)
}

/// Runs the built `appex` executable as its own process, with exactly `environment` (so a
/// test can hide bubblewrap from it without touching this process), and `streams`
/// (standard output, error, or both together) captured.
func appexProcess(_ arguments: [String], environment: [String: String], streams: Set<Int32> = [1, 2]) async throws -> CLIResult {
    let executable = try #require(FixtureInstallation.builtProduct("appex"), "the appex product is not built next to the tests")
    let process = try await ChildProcess.launch(.init(executable: executable.path, arguments: arguments, environment: environment,
                                                      sandbox: nil, limits: ProcessLimits(memoryCap: nil, wallClock: .seconds(300)),
                                                      captures: streams))
    let ending = await process.exit()
    let output = await process.output(waitingUpTo: .seconds(30))
    let status: Int32 = if case .exited(let code) = ending { code } else { -1 }
    return CLIResult(status: status, output: output, error: status == 0 ? "" : "\(ending)\n\(output)")
}
