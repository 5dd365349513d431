import DeviceLayout
import ExtensionHost
import ExtensionIPC
import Foundation

extension LaunchOptions {
    /// The variable that sets how long an extension may take to say hello, in seconds.
    static let startTimeoutVariable = "APPEX_START_TIMEOUT"

    /// The options a command runs extensions with: in `sandbox` (none when `nil`), their
    /// crash reports kept in `home`, and the start timeout `APPEX_START_TIMEOUT` gives (in
    /// seconds; 20 unless set) — for a slow machine, and for the tests, which run the
    /// commands on two loaded cores (docs/HOST.md, "Limits and errors").
    static func command(sandbox: SandboxKind?, home: AppexHome,
                        environment: [String: String] = ProcessInfo.processInfo.environment) throws(CommandFailure) -> LaunchOptions {
        var options = LaunchOptions(sandboxed: sandbox != nil, sandboxKind: sandbox,
                                    crashReports: CrashReportStore(directory: home.crashReportsDirectory))
        if let text = environment[startTimeoutVariable], !text.isEmpty {
            guard let seconds = Int(text), seconds >= 1 else {
                throw CommandFailure("\(startTimeoutVariable) is '\(text)': give a whole number of seconds from 1")
            }
            options.startTimeout = .seconds(seconds)
        }
        return options
    }
}
