import Foundation

/// A private ibus-daemon for the keyboard suite, for as long as a body runs: headless, on its
/// own address, reading IBus's own components (its simple engine, the baseline) from
/// /usr/share/ibus/component; the test client application (Tests/KeyboardIBusTests/Resources/
/// ibus_client.py, IBus's Python bindings) says when it listens.
struct IBusBenchDaemon {
    static let daemon = "/usr/bin/ibus-daemon"
    static let python = "/usr/bin/python3"
    static let client = "Tests/KeyboardIBusTests/Resources/ibus_client.py"

    let address: String
    let environment: [String: String]

    static func with<T>(_ body: (IBusBenchDaemon) async throws -> T) async throws -> T {
        for (path, package) in [(daemon, "ibus"), (python, "python3-gi"), (client, "the repository (run from its root)")]
        where !FileManager.default.fileExists(atPath: path) {
            throw HostBenchError("the keyboard suite needs \(path) (\(package))")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appex-bench-ibus-\(UUID().uuidString.prefix(8))").path
        for sub in ["home", "config", "cache", "runtime"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        // A temporary folder left behind is the system's to clean; the figures stand either way.
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let address = "unix:path=\(folder)/ibus.sock"
        let environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": folder + "/home", "XDG_CONFIG_HOME": folder + "/config",
                           "XDG_CACHE_HOME": folder + "/cache", "XDG_RUNTIME_DIR": folder + "/runtime", "GSETTINGS_BACKEND": "memory",
                           "IBUS_COMPONENT_PATH": "/usr/share/ibus/component", "IBUS_ADDRESS": address]
        // Under the client's supervise mode, which kills ibus-daemon when its standard input
        // closes (here, or when this process dies). ibus-daemon insists on a login user it can
        // look up, which the host's spawn (a PID namespace of its own) does not give it, so
        // Foundation's Process starts it.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [client, "supervise", daemon, "--panel=disable", "--emoji-extension=disable", "--config=disable",
                             "--cache=none", "--address=" + address]
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let bench = IBusBenchDaemon(address: address, environment: environment)
        defer {
            // Closing the supervisor's input is what kills the daemon; a close that fails means the
            // supervisor is gone already, and the daemon with it.
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        // The client's wait-daemon mode returns once the daemon accepts a connection.
        let (status, output) = try await bench.runClient(["wait-daemon"])
        guard status == 0 else { throw HostBenchError("ibus-daemon did not start: \(output)") }
        return try await body(bench)
    }

    /// Runs the client application in `arguments`' mode; its status and standard output
    /// (written to a file, read once it has exited: nothing blocks while it runs).
    func runClient(_ arguments: [String]) async throws -> (Int32, String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("appex-bench-ibus-client-\(UUID().uuidString).out")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let sink = try FileHandle(forWritingTo: output)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = [Self.client] + arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = sink
        process.standardError = sink
        let status = try await withCheckedThrowingContinuation { (done: CheckedContinuation<Int32, any Error>) in
            process.terminationHandler = { done.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { done.resume(throwing: error) }
        }
        try sink.close()
        // The client's output is only read for its lines: what cannot be read is an empty output,
        // which the caller reports with the status.
        return (status, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }

    /// `count` keys typed to `engine`, each timed from the client sending it to the client
    /// seeing its commit (after `prefix`, untimed, when given); microseconds.
    func keyLatencies(engine: String, keyval: UInt32, count: Int, prefix: UInt32? = nil, waitForKeyboard: Bool) async throws -> [Int] {
        // Preedit, auxiliary text, focus and surrounding text.
        let capabilities = 1 | 2 | 8 | 32
        let (status, output) = try await runClient(["bench", engine, String(capabilities), String(keyval), String(count),
                                                    prefix.map { String($0) } ?? "-", waitForKeyboard ? "wait-ready" : "now"])
        struct Line: Decodable { var event: String; var micros: [Int]? }
        let line = output.split(separator: "\n").last { $0.contains("\"bench\"") }
        // A line that does not decode is reported below with the whole output.
        guard status == 0, let line, let micros = try? JSONDecoder().decode(Line.self, from: Data(line.utf8)).micros, micros.count == count else {
            throw HostBenchError("the client typing to \(engine) did not report \(count) keys (status \(status)): \(output.suffix(600))")
        }
        return micros
    }
}
