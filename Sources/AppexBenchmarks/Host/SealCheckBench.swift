import AppExtensions
import BundleSeal
import ExtensionHost
import Foundation

/// The launch check's cost: the share round trip of the `noop` fixture with its launch
/// files sealed (the host checks them before every launch) against the same round trip
/// without a seal, and the check alone.
struct SealCheckBench {
    let fixture: HostFixture
    let sandboxed: Bool
    /// The fixture's extension with the seal of its app, as the registry gives it.
    let sealed: InstalledExtension

    init(fixture: HostFixture, sandboxed: Bool) throws {
        self.fixture = fixture
        self.sandboxed = sandboxed
        let app = fixture.installed.bundleURL.deletingLastPathComponent().deletingLastPathComponent()
        let seal = try BundleSeal.make(of: app)
        let launchFiles = ["PlugIns/Fixture.appex/Info.plist", "PlugIns/Fixture.appex/\(HostFixture.executableName)"]
        var sealed = fixture.installed
        sealed.launchSeal = LaunchSeal(bundleRoot: app, files: seal.files.filter { launchFiles.contains($0.path) })
        guard sealed.launchSeal?.files.count == 2 else { throw HostBenchError("the fixture's launch files were not sealed") }
        self.sealed = sealed
    }

    var mode: String { sandboxed ? "bubblewrap" : "no sandbox" }

    /// The round trip of `installed`, one text attachment not loaded.
    func roundTrip(_ installed: InstalledExtension, name: String) -> InterleavedSampler.Variant {
        let host = fixture.host(behavior: "noop", sandboxed: sandboxed)
        return InterleavedSampler.Variant(name: "\(name) (\(mode))") {
            let item = ExtensionItem()
            item.attachments = [ItemProvider(item: .string("https://www.swift.org"), typeIdentifier: "public.plain-text")]
            let report = await host.run(installed, items: [item])
            guard case .completed = report.outcome else { throw HostBenchError("seal round trip: \(report.outcome)") }
            return report.ending?.isSuccess == true
        }
    }

    /// The check alone, as the host runs it (off the shared threads).
    func check() -> InterleavedSampler.Variant {
        let seal = sealed.launchSeal
        return InterleavedSampler.Variant(name: "launch check alone") {
            await ExtensionHost.checkLaunchSeal(of: seal) == nil
        }
    }
}
