import DeviceLayout
import ExtensionHost
import ExtensionIPC
import Foundation

extension LaunchOptions {
    /// The variable that sets how long an extension may take to say hello, in seconds.
    package static let startTimeoutVariable = "APPEX_START_TIMEOUT"

    /// The options the system runs extensions with, for any host: in `sandbox` (none when
    /// `nil`); their crash reports kept in `home`; the start timeout `APPEX_START_TIMEOUT`
    /// gives (in seconds; 20 unless set), for a slow machine and for the tests, which run
    /// hosts on two loaded cores (docs/HOST.md, "Limits and errors"); and, with `transfers`,
    /// the transfer service of `home`, started for an extension with app groups
    /// (``TransferServiceAccess/onDemand(home:executable:warn:)``).
    package static func standard(sandbox: SandboxKind?, home: AppexHome, transfers: TransferServiceAccess? = nil,
                                 environment: [String: String] = ProcessInfo.processInfo.environment) throws(AppexSystemError) -> LaunchOptions {
        var options = LaunchOptions(sandboxed: sandbox != nil, sandboxKind: sandbox,
                                    crashReports: CrashReportStore(directory: home.crashReportsDirectory))
        if let text = environment[startTimeoutVariable], !text.isEmpty {
            guard let seconds = Int(text), seconds >= 1 else {
                throw AppexSystemError(.badSetting, "\(startTimeoutVariable) is '\(text)': give a whole number of seconds from 1")
            }
            options.startTimeout = .seconds(seconds)
        }
        options.transferService = transfers
        return options
    }
}
