import ExtensionManifest
import ExtensionRegistry
import Foundation

/// An extension of an ``AppFixture``.
struct ExtensionFixture: Sendable {
    var name = "Share"
    var identifier: String?
    var point = ExtensionPoint.share
    var displayName: String?
    var version = "1"
    var appGroups: [String] = []
    /// The activation rule's XML; `nil` leaves the rule out (a lint error).
    var ruleXML: String? = "<dict><key>NSExtensionActivationSupportsText</key><true/></dict>"
}

/// The source of a test app, written as `appex bundle` expects it, with shell scripts for
/// executables.
struct AppFixture: Sendable {
    var identifier = "com.example.notes"
    var name = "Notes"
    var version = "1"
    var appGroups: [String] = []
    var extensions: [ExtensionFixture] = [ExtensionFixture()]

    /// Writes the source to `<dir>/src-<name>` and the executables to `<dir>/products-<name>`.
    func writeSource(in dir: URL) throws -> (source: URL, products: URL) {
        let source = dir.appendingPathComponent("src-\(name)-\(version)")
        let products = dir.appendingPathComponent("products-\(name)-\(version)")
        try FileManager.default.createDirectory(at: products, withIntermediateDirectories: true)
        try write(Self.plist(identifier: identifier, executable: name, version: version, extra: ""),
                  to: source.appendingPathComponent("Info.plist"))
        try writeEntitlements(appGroups, in: source)
        try writeExecutable(name, in: products)
        for ext in extensions {
            let folder = source.appendingPathComponent("PlugIns/\(ext.name).appex")
            var extra = "<key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>\(ext.point)</string>"
                + "<key>NSExtensionPrincipalClass</key><string>ShareViewController</string>"
            if let rule = ext.ruleXML {
                extra += "<key>NSExtensionAttributes</key><dict><key>NSExtensionActivationRule</key>\(rule)</dict>"
            }
            extra += "</dict>"
            if let display = ext.displayName { extra += "<key>CFBundleDisplayName</key><string>\(display)</string>" }
            try write(Self.plist(identifier: ext.identifier ?? "\(identifier).\(ext.name)", executable: ext.name,
                                 version: ext.version, extra: extra),
                      to: folder.appendingPathComponent("Info.plist"))
            try writeEntitlements(ext.appGroups, in: folder)
            try writeExecutable(ext.name, in: products)
        }
        return (source, products)
    }

    /// Writes the source and builds `<dir>/<name>-<version>/<name>.app`.
    func build(in dir: URL) throws -> URL {
        let (source, products) = try writeSource(in: dir)
        let output = dir.appendingPathComponent("\(name)-\(version)/\(name).app")
        try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        return try BundleBuilder(source: source, products: products).build(to: output).bundleURL
    }

    static func plist(identifier: String, executable: String, version: String, extra: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleIdentifier</key>
        \t<string>\(identifier)</string>
        \t<key>CFBundleExecutable</key>
        \t<string>\(executable)</string>
        \t<key>CFBundleVersion</key>
        \t<string>\(version)</string>
        \t<key>CFBundleShortVersionString</key>
        \t<string>\(version).0</string>
        \t\(extra)
        </dict>
        </plist>
        """
    }

    func writeEntitlements(_ groups: [String], in folder: URL) throws {
        guard !groups.isEmpty else { return }
        let items = groups.map { "<string>\($0)</string>" }.joined()
        try write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>com.apple.security.application-groups</key><array>\(items)</array></dict></plist>
            """, to: folder.appendingPathComponent("Entitlements.plist"))
    }

    func writeExecutable(_ name: String, in products: URL) throws {
        let url = products.appendingPathComponent(name)
        try write("#!/bin/sh\nexit 0\n", to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }

    func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
