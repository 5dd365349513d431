import ExtensionHost
import ExtensionManifest
import Foundation
import Testing

/// The fixture extension (appex-fixture-extension) installed in a temporary home, for the
/// host's and the share sheets' tests: a real `.app` with the fixture
/// executable in `PlugIns/Fixture.appex`, a data container and an app-group container.
public struct FixtureInstallation: Sendable {
    public let root: URL
    public let installed: InstalledExtension

    public static let groupIdentifier = "group.com.example.fixture"

    /// Installs the fixture for `point` with `rule` (an activation dictionary); with
    /// `interfaceFiles` (bundle paths and contents), its own web interface, whose page is
    /// `interfacePage`; `bundleFiles` are written into the bundle and `extraInfo` added to
    /// its Info.plist (an icon, say).
    public static func make(point: String = ExtensionPoint.action, identifier: String = "com.example.fixture.Fixture",
                            displayName: String? = nil, interfaceFiles: [String: String] = [:],
                            interfacePage: String = "Interface/index.html", bundleFiles: [String: String] = [:],
                            extraInfo: [String: String] = [:], attributes: [String: Any] = [:],
                     rule: [String: Any] = ["NSExtensionActivationSupportsText": true,
                                            "NSExtensionActivationSupportsWebURLWithMaxCount": 1,
                                            "NSExtensionActivationSupportsFileWithMaxCount": 4]) throws -> FixtureInstallation {
        let executable = try #require(sharedExecutable, "the appex-fixture-extension product is not built next to the tests")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("appex-host-\(UUID().uuidString)")
        let app = root.appendingPathComponent("Applications/Fixture.app")
        let appex = app.appendingPathComponent("PlugIns/Fixture.appex")
        try FileManager.default.createDirectory(at: appex, withIntermediateDirectories: true)
        let appInfo: [String: Any] = ["CFBundleIdentifier": "com.example.fixture", "CFBundleExecutable": "Fixture",
                                      "CFBundleVersion": "1", "CFBundleShortVersionString": "1.0",
                                      "CFBundleURLTypes": [["CFBundleURLSchemes": ["fixture"]]]]
        try write(appInfo, to: app.appendingPathComponent("Info.plist"))
        var info: [String: Any] = [
            "CFBundleIdentifier": identifier, "CFBundleExecutable": "appex-fixture-extension",
            "CFBundleVersion": "1", "CFBundleShortVersionString": "1.0",
            // Loads wait up to 120 s, not 30: CI's two cores, shared by dozens of runs at once,
            // have delayed an answer past 30 s (docs/ARCHITECTURE.md, "Tests").
            "AppexFixtureLoadTimeout": 120,
            "NSExtension": ["NSExtensionPointIdentifier": point, "NSExtensionPrincipalClass": "FixtureHandler",
                            "NSExtensionAttributes": attributes.merging(["NSExtensionActivationRule": rule]) { old, _ in old }],
        ]
        if let displayName { info["CFBundleDisplayName"] = displayName }
        info.merge(extraInfo) { _, new in new }
        for (path, contents) in bundleFiles {
            let file = appex.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: file)
        }
        if !interfaceFiles.isEmpty {
            info["NSExtension"] = ["NSExtensionPointIdentifier": point, "NSExtensionPrincipalClass": "FixtureInterfaceHandler",
                                   "NSExtensionAttributes": ["NSExtensionActivationRule": rule, "AppexWebInterfacePage": interfacePage]]
            for (path, contents) in interfaceFiles {
                let file = appex.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(contents.utf8).write(to: file)
            }
        }
        try write(info, to: appex.appendingPathComponent("Info.plist"))
        try write(["com.apple.security.application-groups": [groupIdentifier]], to: appex.appendingPathComponent("Entitlements.plist"))
        let copy = appex.appendingPathComponent("appex-fixture-extension")
        if link(executable.path, copy.path) != 0 { try FileManager.default.copyItem(at: executable, to: copy) }

        let loaded = try ManifestLoader().load(app.path)
        let bundle = try #require(loaded.extensions.first)
        let data = root.appendingPathComponent("Containers/Data/\(identifier)")
        let group = root.appendingPathComponent("Containers/Shared/AppGroup/\(groupIdentifier)")
        for folder in [data, group] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let installed = InstalledExtension(bundle: bundle, bundleURL: appex, executableURL: copy, dataContainerURL: data,
                                           appGroupContainers: [groupIdentifier: group])
        return FixtureInstallation(root: root, installed: installed)
    }

    public func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// Options for `behavior` in sandbox `mode`.
    ///
    /// The wall-clock limit and the grace period are bounds for a test that goes wrong, not
    /// speed checks: the whole suite runs in parallel on CI's two cores, with a run queue
    /// of 30 at times, and a healthy compose session has been seen to take over a minute
    /// there. A grace of two seconds once killed a bubblewrap extension that had completed
    /// and was on its way out (CI, RoundTripTests). An extension that exits after its
    /// request, as every fixture behaviour does, never waits for the grace; tests of the
    /// limits themselves pass short ones.
    public static func options(_ behavior: String, sandbox mode: SandboxMode, wallClock: Duration = .seconds(180),
                        gracePeriod: Duration = .seconds(30), environment: [String: String] = [:]) -> LaunchOptions {
        mode.options(LaunchOptions(wallClock: wallClock, gracePeriod: gracePeriod, openURL: { _ in true },
                                   environment: environment.merging(["APPEX_FIXTURE_BEHAVIOR": behavior]) { a, _ in a }))
    }

    /// One copy of the fixture executable in the temporary folder, from which every
    /// installation hard-links its own: the debug build is ~20 MB, and copying it for each
    /// of dozens of tests made other tests' file writes wait on a loaded machine. The copy
    /// is keyed by the build's size and time, so reruns reuse it rather than add one.
    public static let sharedExecutable: URL? = {
        guard let built = fixtureExecutable(),
              let attributes = try? FileManager.default.attributesOfItem(atPath: built.path),
              let size = attributes[.size] as? Int, let date = attributes[.modificationDate] as? Date else { return nil }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("appex-fixture-cache/\(size)-\(Int(date.timeIntervalSince1970))")
        let copy = folder.appendingPathComponent("appex-fixture-extension")
        if FileManager.default.isExecutableFile(atPath: copy.path) { return copy }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let partial = folder.appendingPathComponent("partial-\(UUID().uuidString)")
            try FileManager.default.copyItem(at: built, to: partial)
            if rename(partial.path, copy.path) != 0 { try? FileManager.default.removeItem(at: partial) }
            return copy
        } catch {
            return built
        }
    }()

    public static func fixtureExecutable() -> URL? {
        builtProduct("appex-fixture-extension")
    }

    /// An executable product built next to the tests (`appex`, the fixture, the examples).
    public static func builtProduct(_ name: String) -> URL? {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = me.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    private static func write(_ plist: [String: Any], to url: URL) throws {
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: url)
    }
}

