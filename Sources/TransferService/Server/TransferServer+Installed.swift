import TransferWire
import DeviceLayout
import RegistryReader
import Foundation
import Glibc

extension TransferServer {
    /// The service of `home`, knowing apps by the installed bundles that hold their
    /// executables (the registry's applications and their app groups, read by
    /// ``InstalledApplicationRecords`` without linking the registry), and the command
    /// line by `administrators` (the `appex` that started it).
    package static func installed(home: AppexHome, administrators: [String] = [],
                                  configuration: TransferServiceConfiguration = .fromEnvironment()) -> TransferServer {
        TransferServer(home: home, configuration: configuration, administrators: administrators) { executable throws(TransferFailure) in
            try installedApplication(executable, home: home)
        }
    }

    /// The listening descriptor systemd handed over by socket activation (`LISTEN_FDS=1`
    /// for this process: descriptor 3), if it did.
    package static func activatedListener(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32? {
        guard environment["LISTEN_FDS"] == "1", environment["LISTEN_PID"] == String(getpid()) else { return nil }
        return 3
    }

    /// The installed app whose bundle holds `executable`, with its app groups; `nil` when
    /// none does. A registry that cannot be read is an error the caller hears, not "not an
    /// app".
    static func installedApplication(_ executable: String, home: AppexHome) throws(TransferFailure) -> TransferCaller? {
        let applications: [InstalledApplicationRecord]
        do {
            applications = try InstalledApplicationRecords.read(home: home)
        } catch {
            throw TransferFailure(urlErrorCode: TransferFailure.unknown, code: "registry-unreadable", message: error.description)
        }
        for application in applications where executable.hasPrefix(application.bundleURL.standardizedFileURL.path + "/") {
            let relative = executable.dropFirst(application.bundleURL.standardizedFileURL.path.count + 1)
            // The app's own executable, not one of its extensions' (PlugIns/…).
            guard !relative.contains("/") else { continue }
            return TransferCaller(kind: .application, bundleIdentifier: application.identifier,
                                  applicationIdentifier: application.identifier, appGroups: application.appGroups)
        }
        return nil
    }
}
