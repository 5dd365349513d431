import ExtensionIPC
import ExtensionManifest
import Foundation

extension ExtensionHost {
    /// The child-process configuration for `installed`: its executable under bubblewrap
    /// with its bundle read-only, its data and app-group containers read-write, a private
    /// /tmp, the network only for share extensions, and the limits of ``options``.
    public func configuration(for installed: InstalledExtension) -> ChildProcess.Configuration {
        var environment = [
            "HOME": installed.dataContainerURL.path,
            "TMPDIR": "/tmp",
            "PATH": "/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "APPEX_BUNDLE_PATH": installed.bundleURL.path,
            "APPEX_EXTENSION_IDENTIFIER": installed.identifier,
            "APPEX_DATA_CONTAINER": installed.dataContainerURL.path,
        ]
        let groups = installed.appGroupContainers.mapValues(\.path)
        if let json = try? JSONSerialization.data(withJSONObject: groups, options: [.sortedKeys]) {
            environment["APPEX_APP_GROUP_CONTAINERS"] = String(decoding: json, as: UTF8.self)
        }
        environment.merge(options.environment) { _, new in new }

        var sandbox: SandboxProfile?
        if options.sandboxed {
            var profile = SandboxProfile(readOnlyBinds: [.init(installed.bundleURL.path)],
                                         readWriteBinds: [.init(installed.dataContainerURL.path)]
                                             + installed.appGroupContainers.values.sorted { $0.path < $1.path }.map { .init($0.path) },
                                         shareNetwork: installed.point == ExtensionPoint.share)
            profile = profile.addingSwiftRuntime()
            sandbox = profile
        }
        return ChildProcess.Configuration(
            executable: installed.executableURL.path, environment: environment, sandbox: sandbox,
            limits: ProcessLimits(memoryCap: options.memoryCap, wallClock: options.wallClock),
            channelLimits: options.channelLimits, captures: [2])
    }
}
