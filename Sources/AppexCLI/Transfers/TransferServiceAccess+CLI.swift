import AppExtensions
import BackgroundTransfers
import ExtensionHost
import Foundation
import SystemSupport

extension TransferServiceAccess {
    /// The transfer service of `home`, started from this `appex` executable (or
    /// `APPEX_TRANSFERS_EXECUTABLE`) when an extension with app groups is launched and it
    /// is not running. Inside another program (the tests run commands in-process) without
    /// that variable, the service is used if it runs but never started.
    static func cli(home: AppexHome) -> TransferServiceAccess {
        let environment = ProcessInfo.processInfo.environment
        let executable = environment[TransferServiceEndpoint.executableEnvironmentVariable]
            ?? ExecutableSearch.running.flatMap { URL(fileURLWithPath: $0).lastPathComponent == "appex" ? $0 : nil }
        return TransferServiceAccess(home: home) {
            guard let executable else { return }
            let starter = TransferServiceStarter(home: home, executable: executable)
            try? await Offload.perform { () throws(TransferServiceError) in try starter.ensureRunning() }
        }
    }
}
