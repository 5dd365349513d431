import Dispatch
import BundleSeal
import SystemSupport

extension ExtensionSession {
    /// The first of `installed`'s launch files that is not as sealed, or `nil` when all are
    /// (or it has no seal). Off the shared threads: a file whose fingerprint changed is
    /// hashed again, which for a large executable takes milliseconds.
    static func checkSeal(of installed: InstalledExtension) async -> LaunchSeal.Mismatch? {
        await ExtensionHost.checkLaunchSeal(of: installed.launchSeal)
    }
}

extension ExtensionHost {
    /// The check a session makes before it launches, alone (for `appex-bench host`).
    package static func checkLaunchSeal(of seal: LaunchSeal?) async -> LaunchSeal.Mismatch? {
        guard let seal else { return nil }
        return await Offload.perform(on: launchReads) { seal.check() }
    }

    /// Where launches read their extension's files (its bundle, its seal's check): one
    /// queue, in turn, not a thread per launch. These reads wait on nothing else; the
    /// longest is hashing an executable whose fingerprint changed (milliseconds for a
    /// large one), which the launches behind it wait out.
    static let launchReads = DispatchQueue(label: "appex.launch-reads")
}
