import ExtensionIPC
import Foundation
import SystemSupport

/// The user's running systemd manager, reached with `systemctl --user`: `appex setup`
/// enables the transfer service's socket through it, and `--remove` disables it.
struct SystemdUserManager {
    /// `systemctl`'s path.
    var systemctl: String
    /// The environment `systemctl` runs with (it finds the manager by `XDG_RUNTIME_DIR`).
    var environment: [String: String]

    /// The manager when one runs for this user (its private socket is in
    /// `$XDG_RUNTIME_DIR/systemd/`) and `systemctl` is on `PATH`; else `nil`.
    static func running(environment: [String: String]) -> SystemdUserManager? {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"),
              FileManager.default.fileExists(atPath: runtime + "/systemd/private"),
              let systemctl = ExecutableSearch.find("systemctl", path: environment["PATH"]) else { return nil }
        return SystemdUserManager(systemctl: systemctl, environment: environment)
    }

    /// Runs `systemctl --user ARGUMENTS`; `nil` when it succeeded, else what went wrong.
    func run(_ arguments: [String]) async -> String? {
        let all = ["--user"] + arguments
        let shown = "systemctl " + all.joined(separator: " ")
        do throws(ChildProcessError) {
            let process = try await ChildProcess.launch(.init(executable: systemctl, arguments: all, environment: environment, sandbox: nil,
                                                              limits: ProcessLimits(memoryCap: nil, wallClock: .seconds(30)), captures: [1, 2]))
            let ending = await process.exit()
            if ending.isSuccess { return nil }
            let output = await process.output().trimmingCharacters(in: .whitespacesAndNewlines)
            return "\(shown) ended: \(ending)" + (output.isEmpty ? "" : ": " + output)
        } catch {
            return "cannot run \(shown): \(error.message)"
        }
    }
}
