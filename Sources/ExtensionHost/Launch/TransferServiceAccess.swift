import DeviceLayout
import Foundation
import Glibc

/// Lets the extensions a host launches use the background transfer service.
///
/// For an extension with app groups, the host writes a grant (``TransferLaunchRecord``) under
/// a fresh token before the launch, shows the service's socket folder read-only in the
/// sandbox, and passes the socket and the token in `APPEX_TRANSFER_SOCKET` and
/// `APPEX_TRANSFER_TOKEN`. The grant is removed when the run ends; transfers the extension
/// started go on. `ensureRunning` starts the service if it is not running (the CLI passes
/// BackgroundTransfers' `TransferServiceStarter`); its failure does not stop the launch,
/// the extension's session reports it.
public struct TransferServiceAccess: Sendable {
    /// The service's folder.
    public var layout: TransferServiceLayout
    /// Makes sure the service answers on its socket.
    public var ensureRunning: @Sendable () async -> Void

    /// Access to the service of `home`.
    public init(home: AppexHome, ensureRunning: @escaping @Sendable () async -> Void) {
        layout = TransferServiceLayout(home: home)
        self.ensureRunning = ensureRunning
    }

    /// Writes the grant for `installed` and returns its token; `nil` for an extension
    /// without app groups (it may not use the service) or when the grant cannot be written.
    func grant(for installed: InstalledExtension) -> String? {
        guard !installed.appGroupContainers.isEmpty else { return nil }
        let record = TransferLaunchRecord(
            extensionIdentifier: installed.identifier,
            applicationIdentifier: installed.bundle.containingApp?.info.identifier ?? installed.identifier,
            appGroups: installed.appGroupContainers.keys.sorted(), hostProcessIdentifier: getpid())
        return try? layout.issue(record)
    }

    /// Removes the grant behind `token`.
    func revoke(_ token: String) {
        unlink(layout.launchRecord(token: token).path)
    }
}
