import AppexSystem
import ExtensionHost

extension TransferServiceAccess {
    /// The transfer service of `home` as the commands use it: started on demand from this
    /// `appex` (AppexSystem's ``onDemand(home:executable:warn:)``), a failed start said on
    /// standard error.
    static func cli(home: AppexHome) -> TransferServiceAccess {
        .onDemand(home: home, executable: appexExecutable()) { Console.current.printError("warning: " + $0) }
    }
}
