import ExtensionHost
import ExtensionManifest
import Foundation
import Glibc

/// The fixture extension installed as a Today widget, one app per widget, under `root`.
enum WidgetFixture {
    static func install(executable: URL, root: URL, index: Int) throws -> InstalledExtension {
        let identifier = "com.example.bench.widget\(index)"
        let app = root.appendingPathComponent("Applications/Widget\(index).app")
        let appex = app.appendingPathComponent("PlugIns/Widget.appex")
        try FileManager.default.createDirectory(at: appex, withIntermediateDirectories: true)
        try plist(["CFBundleIdentifier": "com.example.bench.app\(index)", "CFBundleExecutable": "App",
                   "CFBundleVersion": "1", "CFBundleShortVersionString": "1.0"], app.appendingPathComponent("Info.plist"))
        try plist(["CFBundleIdentifier": identifier, "CFBundleExecutable": HostFixture.executableName, "CFBundleDisplayName": "Widget \(index)",
                   "CFBundleVersion": "1", "CFBundleShortVersionString": "1.0",
                   "NSExtension": ["NSExtensionPointIdentifier": ExtensionPoint.widget, "NSExtensionPrincipalClass": "FixtureWidget"]],
                  appex.appendingPathComponent("Info.plist"))
        let copy = appex.appendingPathComponent(HostFixture.executableName)
        if link(executable.path, copy.path) != 0 { try FileManager.default.copyItem(at: executable, to: copy) }
        guard let bundle = try ManifestLoader().load(app.path).extensions.first else {
            throw HostBenchError("the widget app at \(app.path) declares no extension")
        }
        let data = root.appendingPathComponent("Containers/Data/\(identifier)")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        return InstalledExtension(bundle: bundle, bundleURL: appex, executableURL: copy, dataContainerURL: data)
    }

    private static func plist(_ value: [String: Any], _ url: URL) throws {
        try PropertyListSerialization.data(fromPropertyList: value, format: .xml, options: 0).write(to: url)
    }
}
