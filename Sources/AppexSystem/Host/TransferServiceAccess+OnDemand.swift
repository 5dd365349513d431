import BackgroundTransfers
import DeviceLayout
import ExtensionHost
import Foundation
import SystemSupport

extension TransferServiceAccess {
    /// The transfer service of `home`, started from `executable` (an `appex`) when an
    /// extension with app groups is launched and the service is not running; with no
    /// executable, the service is used if it runs but never started.
    ///
    /// A start that fails does not stop the launch (the extension may not transfer
    /// anything, and its session then says it cannot reach the service), but it is not
    /// silent either: `warn` is told why, with the service's log to read.
    package static func onDemand(home: AppexHome, executable: String?,
                                 warn: @escaping @Sendable (String) -> Void) -> TransferServiceAccess {
        TransferServiceAccess(home: home) {
            guard let executable else { return }
            let starter = TransferServiceStarter(home: home, executable: executable)
            do throws(TransferServiceError) {
                try await Offload.perform { () throws(TransferServiceError) in try starter.ensureRunning() }
            } catch {
                let log = TransferServiceLayout(home: home).serviceLog.path
                warn("the transfer service of \(home.root.path) could not start: \(error.message) (its log: \(log))")
            }
        }
    }

    /// The `appex` that starts the service: `APPEX_TRANSFERS_EXECUTABLE`, else this process
    /// when it is `appex`; `nil` inside another program (the tests run commands in-process).
    package static func appexExecutable(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        environment[TransferServiceEndpoint.executableEnvironmentVariable]
            ?? ExecutableSearch.running.flatMap { URL(fileURLWithPath: $0).lastPathComponent == "appex" ? $0 : nil }
    }
}
