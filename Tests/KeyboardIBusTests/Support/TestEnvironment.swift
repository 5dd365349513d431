import Foundation
import Glibc

/// What the tests need of this machine.
enum TestEnvironment {
    /// The ibus-daemon to test with: IBUS_DAEMON if set (a path; nil if nothing runnable is
    /// there), else ibus-daemon on PATH or in /usr/bin, if installed.
    static let ibusDaemon: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let chosen = environment["IBUS_DAEMON"], !chosen.isEmpty {
            return FileManager.default.isExecutableFile(atPath: chosen) ? chosen : nil
        }
        let path = environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/bin"]
        return directories.map { $0 + "/ibus-daemon" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Debian's Python, which has gi (python3-gi); a pyenv `python3` on PATH may not.
    static let python = "/usr/bin/python3"

    /// Makes writing to a pipe whose reader has gone fail with EPIPE instead of killing the
    /// test process with SIGPIPE.
    static func ignoreBrokenPipes() {
        _ = brokenPipesIgnored
    }

    private static let brokenPipesIgnored: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// The test client application.
    static var clientScript: String {
        Bundle.module.path(forResource: "ibus_client", ofType: "py", inDirectory: "Resources")
            ?? Bundle.module.bundlePath + "/Resources/ibus_client.py"
    }
}

/// A failure of the test harness, with what it saw.
struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
