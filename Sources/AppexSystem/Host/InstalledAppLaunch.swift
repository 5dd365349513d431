import BundleSeal
import DeviceLayout
import ExtensionHost
import ExtensionIPC
import ExtensionRegistry
import Foundation
import SystemSupport

/// How the system starts an installed app: its executable with its data container as
/// `HOME`, its app groups' containers (`APPEX_APP_GROUP_CONTAINERS`), the transfer service's
/// socket, and — sandboxed — its bundle read-only and its containers read-write, nothing
/// else of the user's files. Used by `appex open`, `appex demo` and the Today dashboard's
/// links, and by any host that opens an app.
package struct InstalledAppLaunch: Sendable {
    package let app: InstalledApplication
    /// The app's executable (`CFBundleExecutable`) inside its installed bundle.
    package let executable: URL
    package let home: AppexHome
    /// The sandbox to run it in, or `nil` (`--no-sandbox`).
    package let sandbox: SandboxKind?

    package init(app: InstalledApplication, executable: URL, home: AppexHome, sandbox: SandboxKind?) {
        self.app = app
        self.executable = executable
        self.home = home
        self.sandbox = sandbox
    }

    /// The installed app `identifier` and its executable, once its launch files match the
    /// seal taken at install: a `RegistryError` when no app has the identifier, an
    /// ``AppexSystemError`` (`bundle-modified`, naming the file) when the bundle changed since.
    package static func find(_ identifier: String, in registry: ExtensionRegistry) async throws -> (app: InstalledApplication, executable: URL) {
        let (app, executable, seal) = try await Offload.perform { () throws(RegistryError) -> (InstalledApplication, URL, LaunchSeal?) in
            guard let app = try registry.installedApplications().first(where: { $0.identifier == identifier }) else {
                throw RegistryError(.notInstalled, "no installed app has the identifier \(identifier) (see appex list)")
            }
            let (executable, seal) = try registry.launch(of: app)
            return (app, executable, seal)
        }
        if let seal {
            // Its Info.plist and executable must both be sealed; its frameworks' files follow them.
            let mismatch = seal.files.count(where: { !LaunchSeal.isFrameworkFile($0.path) }) < 2
                ? LaunchSeal.Mismatch(path: executable.lastPathComponent, isMissing: false)
                : await ExtensionHost.checkLaunchSeal(of: seal)
            if let mismatch {
                throw AppexSystemError(.bundleModified, "\(identifier) will not start: \(mismatch) "
                                       + "(its bundle was changed after install; install it again to repair it)")
            }
        }
        return (app, executable)
    }

    /// The child-process configuration; `descriptors` gives the app its standard streams
    /// (else they are captured or /dev/null, as `captures` says).
    package func configuration(arguments: [String] = [], descriptors: [Int32: OwnedFileDescriptor] = [:], captures: Set<Int32> = [],
                       wallClock: Duration? = nil) -> ChildProcess.Configuration {
        let data = home.dataContainer(bundleIdentifier: app.identifier)
        var groups: [String: String] = [:]
        for group in app.appGroups { groups[group] = home.appGroupContainer(groupIdentifier: group).path }
        let transfers = TransferServiceLayout(home: home)
        var environment = [AppGroupContainersEnvironment.environmentVariable: AppGroupContainersEnvironment.encode(groups),
                           DataContainerLayout.environmentVariable: data.path, "HOME": data.path, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin",
                           TransferServiceLayout.socketEnvironmentVariable: transfers.socket.path]
        if let term = ProcessInfo.processInfo.environment["TERM"] { environment["TERM"] = term }
        var sandboxProfile: SandboxProfile?
        if let sandbox {
            var profile = SandboxProfile(readOnlyBinds: [.init(app.bundleURL.path)],
                                         readWriteBinds: [.init(data.path)] + groups.values.sorted().map { .init($0) },
                                         shareNetwork: true, kind: sandbox)
            // A socket on a read-only mount still accepts connections; the service knows the
            // app by its executable (its peer credentials).
            if FileManager.default.fileExists(atPath: transfers.socketDirectory.path) {
                profile.readOnlyBinds.append(.init(transfers.socketDirectory.path))
                profile.connectsToUnixSockets = true
            }
            sandboxProfile = profile.addingSwiftRuntime()
        }
        return ChildProcess.Configuration(executable: executable.path, arguments: arguments, environment: environment,
                                          sandbox: sandboxProfile, limits: ProcessLimits(memoryCap: nil, wallClock: wallClock),
                                          descriptors: descriptors, captures: captures)
    }
}
