import ExtensionIPC
import Foundation

/// Programs the suites run whole (curl, sync, chromium, appex) and time from outside.
enum ProgramRun {
    /// Runs `executable` to its end and returns what it wrote to the `captured` streams;
    /// throws, with that output, unless it exits with 0.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = ["PATH": "/usr/bin:/bin"],
                    captured: Set<Int32> = [2], limit: Duration = .seconds(600)) async throws -> String {
        let process = try await ChildProcess.launch(.init(executable: executable, arguments: arguments, environment: environment, sandbox: nil,
                                                          limits: ProcessLimits(memoryCap: nil, wallClock: limit), captures: captured))
        let ending = await process.exit()
        let output = await process.output(waitingUpTo: .seconds(30))
        guard ending.isSuccess else {
            throw HostBenchError("\(executable) \(arguments.joined(separator: " ")) ended: \(ending): \(output.suffix(500))")
        }
        return output
    }

    /// How long `body` took, in nanoseconds.
    static func timed(_ body: () async throws -> Void) async throws -> Double {
        let start = ContinuousClock.now
        try await body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    }
}
