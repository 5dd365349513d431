import ExtensionIPC
import ExtensionManifest
import Foundation

extension ExtensionHost {
    /// The child-process configuration for `installed`: its executable in a sandbox
    /// (``LaunchOptions/sandboxKind``) with its bundle read-only, its data and app-group containers read-write, a private
    /// /tmp, the network only for share extensions, widgets and keyboards with full access
    /// (whose app groups are otherwise read-only), and the limits of ``options``: memory,
    /// wall clock and descriptors.
    ///
    /// With `crashFolder`, Swift's backtracer writes a JSON report there if the extension
    /// crashes (the folder is bound read-write into the sandbox, with the backtracer
    /// itself read-only); without it the backtracer is off.
    ///
    /// With `transferToken`, the extension gets the transfer service's socket folder
    /// (read-only) and the token of its grant (``TransferServiceAccess``).
    package func configuration(for installed: InstalledExtension, crashFolder: URL? = nil,
                               transferToken: String? = nil) -> ChildProcess.Configuration {
        var environment = [
            "HOME": installed.dataContainerURL.path,
            "TMPDIR": "/tmp",
            "PATH": "/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "APPEX_BUNDLE_PATH": installed.bundleURL.path,
            "APPEX_EXTENSION_IDENTIFIER": installed.identifier,
            DataContainerLayout.environmentVariable: installed.dataContainerURL.path,
        ]
        environment[AppGroupContainersEnvironment.environmentVariable] =
            AppGroupContainersEnvironment.encode(installed.appGroupContainers.mapValues(\.path))
        environment["SWIFT_BACKTRACE"] = Self.backtraceSetting(crashFolder: crashFolder)
        let transfers = transferToken.flatMap { token in options.transferService.map { ($0.layout, token) } }
        if let (layout, token) = transfers {
            environment[TransferServiceLayout.socketEnvironmentVariable] = layout.socket.path
            environment[TransferServiceLayout.tokenEnvironmentVariable] = token
        }
        environment.merge(options.environment) { _, new in new }

        var sandbox: SandboxProfile?
        if options.sandboxed {
            // The extension's own bundle and its app's frameworks, read-only; nothing else of the app.
            // A keyboard without full access reads its app groups and has no network, as on iOS.
            let keyboard = installed.point == ExtensionPoint.keyboard
            let fullAccess = !keyboard || hasFullAccess(installed)
            let groups: [SandboxProfile.Bind] = installed.appGroupContainers.values.sorted { $0.path < $1.path }.map { .init($0.path) }
            var profile = SandboxProfile(readOnlyBinds: [.init(installed.bundleURL.path)] + (installed.frameworksURL.map { [.init($0.path)] } ?? [])
                                             + (fullAccess ? [] : groups),
                                         readWriteBinds: [.init(installed.dataContainerURL.path)] + (fullAccess ? groups : []),
                                         shareNetwork: installed.point == ExtensionPoint.share || installed.point == ExtensionPoint.widget
                                             || (keyboard && fullAccess),
                                         kind: options.sandboxKind)
            profile.temporarySize = options.temporarySize
            if let crashFolder { profile.readWriteBinds.append(.init(crashFolder.path)) }
            // A socket on a read-only mount still accepts connections; nothing else is in run/.
            if let (layout, _) = transfers {
                profile.readOnlyBinds.append(.init(layout.socketDirectory.path))
                profile.connectsToUnixSockets = true
            }
            profile = profile.addingSwiftRuntime()
            sandbox = profile
        }
        return ChildProcess.Configuration(
            executable: installed.executableURL.path, environment: environment, sandbox: sandbox,
            limits: ProcessLimits(memoryCap: options.memoryCap, wallClock: options.wallClock, descriptorCap: options.descriptorCap,
                                  taskCap: options.taskCap, diskLimit: diskLimit(for: installed, crashFolder: crashFolder)),
            channelLimits: options.channelLimits, captures: [2])
    }

    /// Whether `installed`, a keyboard, has full access: it asks for it (`RequestsOpenAccess`)
    /// and the person allowed it, for good (``InstalledExtension/allowsFullAccess``, `appex
    /// keyboard allow-full-access`) or for these runs (``LaunchOptions/allowsKeyboardFullAccess``).
    package func hasFullAccess(_ installed: InstalledExtension) -> Bool {
        installed.declaration?.requestsOpenAccess == true && (installed.allowsFullAccess || options.allowsKeyboardFullAccess)
    }

    /// ``LaunchOptions/diskCap`` over `installed`'s data container, whole, and what a run
    /// adds to its app groups and the crash folder.
    func diskLimit(for installed: InstalledExtension, crashFolder: URL?) -> DiskLimit? {
        options.diskCap.map { cap in
            DiskLimit(cap: cap, containers: [installed.dataContainerURL.path],
                      sharedFolders: installed.appGroupContainers.values.map(\.path).sorted() + (crashFolder.map { [$0.path] } ?? []))
        }
    }

    /// `SWIFT_BACKTRACE` for an extension: off without a crash folder; else on, not
    /// interactive, every thread, JSON into the folder (docs/HOST.md, "Crash reports").
    static func backtraceSetting(crashFolder: URL?) -> String {
        guard let crashFolder else { return "enable=no" }
        return ["enable=yes", "interactive=no", "color=no", "demangle=yes", "threads=all", "registers=none",
                "images=mentioned", "sanitize=no", "format=json", "output-to=\(crashFolder.path)"].joined(separator: ",")
    }
}
