import ExtensionHost
import ExtensionManifest
import Foundation
import Glibc

/// The fixture extension installed in a temporary folder, as the host's tests install it:
/// `Fixture.app/PlugIns/Fixture.appex` with its Info.plist, Entitlements.plist and the
/// `appex-fixture-extension` executable, plus a data and an app-group container.
struct HostFixture {
    /// The temporary folder holding everything; ``remove()`` deletes it.
    let root: URL
    /// The installed share extension.
    let installed: InstalledExtension

    /// The name of the fixture's executable product.
    static let executableName = "appex-fixture-extension"
    /// The app group the fixture belongs to.
    static let groupIdentifier = "group.com.example.bench"

    /// The fixture executable in appex-bench's own build folder, or `nil` when it was not built.
    static func locateExecutable() -> URL? {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let candidate = me.deletingLastPathComponent().appendingPathComponent(executableName)
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }

    /// Installs `executable` as a share extension in a new temporary folder.
    static func install(executable: URL) throws -> HostFixture {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("appex-bench-host-\(UUID().uuidString)")
        do {
            return try install(executable: executable, root: root)
        } catch {
            try? FileManager.default.removeItem(at: root)
            throw error
        }
    }

    private static func install(executable: URL, root: URL) throws -> HostFixture {
        let app = root.appendingPathComponent("Applications/Fixture.app")
        let appex = app.appendingPathComponent("PlugIns/Fixture.appex")
        try FileManager.default.createDirectory(at: appex, withIntermediateDirectories: true)
        try write(["CFBundleIdentifier": "com.example.bench", "CFBundleExecutable": "Fixture",
                   "CFBundleVersion": "1", "CFBundleShortVersionString": "1.0"],
                  to: app.appendingPathComponent("Info.plist"))
        let identifier = "com.example.bench.Fixture"
        let rule: [String: Any] = ["NSExtensionActivationSupportsText": true,
                                   "NSExtensionActivationSupportsFileWithMaxCount": 1]
        try write(["CFBundleIdentifier": identifier, "CFBundleExecutable": executableName,
                   "CFBundleVersion": "1", "CFBundleShortVersionString": "1.0",
                   "NSExtension": ["NSExtensionPointIdentifier": ExtensionPoint.share,
                                   "NSExtensionPrincipalClass": "FixtureHandler",
                                   "NSExtensionAttributes": ["NSExtensionActivationRule": rule]]],
                  to: appex.appendingPathComponent("Info.plist"))
        try write(["com.apple.security.application-groups": [groupIdentifier]],
                  to: appex.appendingPathComponent("Entitlements.plist"))
        let copy = appex.appendingPathComponent(executableName)
        if link(executable.path, copy.path) != 0 { try FileManager.default.copyItem(at: executable, to: copy) }

        let loaded = try ManifestLoader().load(app.path)
        guard let bundle = loaded.extensions.first else {
            throw HostBenchError("the fixture app at \(app.path) declares no extension")
        }
        let data = root.appendingPathComponent("Containers/Data/\(identifier)")
        let group = root.appendingPathComponent("Containers/Shared/AppGroup/\(groupIdentifier)")
        for folder in [data, group] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let installed = InstalledExtension(bundle: bundle, bundleURL: appex, executableURL: copy, dataContainerURL: data,
                                           appGroupContainers: [groupIdentifier: group])
        return HostFixture(root: root, installed: installed)
    }

    /// Deletes the temporary folder.
    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// A host running the fixture with `behavior`, the default limits and `environment`.
    func host(behavior: String, sandboxed: Bool, environment: [String: String] = [:]) -> ExtensionHost {
        let options = LaunchOptions(sandboxed: sandboxed,
                                    environment: environment.merging(["APPEX_FIXTURE_BEHAVIOR": behavior]) { a, _ in a })
        return ExtensionHost(catalog: FixedCatalog([installed]), options: options)
    }

    private static func write(_ plist: [String: Any], to url: URL) throws {
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: url)
    }
}

/// A reason the host suite cannot run.
struct HostBenchError: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String

    /// An error saying `description`.
    init(_ description: String) {
        self.description = description
    }
}
