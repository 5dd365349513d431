import ExtensionHost
import ExtensionManifest
import Foundation
import Glibc

/// The fixture extension installed under `root` as an app of its own with one extension,
/// for the suites that need it installed at a point (Today widgets, custom keyboards).
enum BenchExtensionFixture {
    /// Installs the fixture at `point` as `identifier` (its app `appName`.app), its principal
    /// class and `NSExtensionAttributes` as given; a data container, no app group.
    static func install(executable: URL, root: URL, appName: String, identifier: String, displayName: String,
                        point: String, principalClass: String, attributes: [String: Any] = [:]) throws -> InstalledExtension {
        let app = root.appendingPathComponent("Applications/\(appName).app")
        let appex = app.appendingPathComponent("PlugIns/\(appName).appex")
        try FileManager.default.createDirectory(at: appex, withIntermediateDirectories: true)
        try plist(["CFBundleIdentifier": identifier + ".app", "CFBundleExecutable": "App",
                   "CFBundleVersion": "1", "CFBundleShortVersionString": "1.0"], app.appendingPathComponent("Info.plist"))
        var declaration: [String: Any] = ["NSExtensionPointIdentifier": point, "NSExtensionPrincipalClass": principalClass]
        if !attributes.isEmpty { declaration["NSExtensionAttributes"] = attributes }
        try plist(["CFBundleIdentifier": identifier, "CFBundleExecutable": HostFixture.executableName, "CFBundleDisplayName": displayName,
                   "CFBundleVersion": "1", "CFBundleShortVersionString": "1.0", "NSExtension": declaration],
                  appex.appendingPathComponent("Info.plist"))
        let copy = appex.appendingPathComponent(HostFixture.executableName)
        if link(executable.path, copy.path) != 0 { try FileManager.default.copyItem(at: executable, to: copy) }
        guard let bundle = try ManifestLoader().load(app.path).extensions.first else {
            throw HostBenchError("the app at \(app.path) declares no extension")
        }
        let data = root.appendingPathComponent("Containers/Data/\(identifier)")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        return InstalledExtension(bundle: bundle, bundleURL: appex, executableURL: copy, dataContainerURL: data)
    }

    private static func plist(_ value: [String: Any], _ url: URL) throws {
        try PropertyListSerialization.data(fromPropertyList: value, format: .xml, options: 0).write(to: url)
    }
}

/// The fixture extension installed as a Today widget, one app per widget, under `root`.
enum WidgetFixture {
    static func install(executable: URL, root: URL, index: Int) throws -> InstalledExtension {
        try BenchExtensionFixture.install(executable: executable, root: root, appName: "Widget\(index)",
                                          identifier: "com.example.bench.widget\(index)", displayName: "Widget \(index)",
                                          point: ExtensionPoint.widget, principalClass: "FixtureWidget")
    }
}
