import Foundation

/// A temporary folder with the sources of test apps, their "built" executables (shell
/// scripts) and a home; removed by ``remove()``.
struct RegistryFixture {
    let root: URL
    var home: String { root.appendingPathComponent("home").path }
    var products: URL { root.appendingPathComponent("products") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("appex-cli-registry-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: products, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// Writes the source of an app `<name>` (`com.example.<name lowercased>`) with extensions
    /// given as (folder name, display name, point, extension identifier suffix); returns its folder.
    func source(app name: String, extensions: [(name: String, display: String, point: String)],
                extensionVersion: String = "1") throws -> URL {
        let id = "com.example." + name.lowercased()
        let src = root.appendingPathComponent("src-" + name)
        try write(plist(id: id, executable: name, version: "1", extra: ""), src.appendingPathComponent("Info.plist"))
        try executable(name)
        for ext in extensions {
            let extra = """
                <key>CFBundleDisplayName</key><string>\(ext.display)</string>
                <key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>\(ext.point)</string>
                <key>NSExtensionPrincipalClass</key><string>Handler</string><key>NSExtensionAttributes</key><dict>
                <key>NSExtensionActivationRule</key><dict><key>NSExtensionActivationSupportsText</key><true/></dict></dict></dict>
                """
            try write(plist(id: id + "." + ext.name, executable: name + ext.name, version: extensionVersion, extra: extra),
                      src.appendingPathComponent("PlugIns/\(ext.name).appex/Info.plist"))
            try executable(name + ext.name)
        }
        return src
    }

    func plist(id: String, executable: String, version: String, extra: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        <key>CFBundleIdentifier</key><string>\(id)</string>
        <key>CFBundleExecutable</key><string>\(executable)</string>
        <key>CFBundleVersion</key><string>\(version)</string>
        \(extra)
        </dict>
        </plist>
        """
    }

    func executable(_ name: String) throws {
        let url = products.appendingPathComponent(name)
        try write("#!/bin/sh\nexit 0\n", url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }

    func write(_ text: String, _ url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
