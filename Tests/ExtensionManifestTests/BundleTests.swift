import ExtensionManifest
import Foundation
import Testing

/// Writes an `.app` with one share extension in `PlugIns/`.
func makeApp(in dir: URL, appID: String = "com.example.notes", extID: String = "com.example.notes.share",
             appVersion: String = "1", extVersion: String = "1", javaScript: String? = nil, writeScript: Bool = false,
             interfacePage: String? = nil, writePage: String? = nil) throws -> URL {
    let app = dir.appendingPathComponent("Notes.app")
    let appex = app.appendingPathComponent("PlugIns/Share.appex")
    try FileManager.default.createDirectory(at: appex, withIntermediateDirectories: true)
    let appPlist: [String: Any] = ["CFBundleIdentifier": appID, "CFBundleExecutable": "Notes", "CFBundleVersion": appVersion,
                                   "CFBundleShortVersionString": "1.0",
                                   "CFBundleURLTypes": [["CFBundleURLSchemes": ["notes"]]]]
    var attributes: [String: Any] = ["NSExtensionActivationRule": ["NSExtensionActivationSupportsWebURLWithMaxCount": 1,
                                                                   "NSExtensionActivationSupportsWebPageWithMaxCount": 1]]
    if let javaScript { attributes["NSExtensionJavaScriptPreprocessingFile"] = javaScript }
    if let interfacePage { attributes["AppexWebInterfacePage"] = interfacePage }
    if let writePage {
        let page = appex.appendingPathComponent(writePage)
        try FileManager.default.createDirectory(at: page.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("<!doctype html><title>Share</title>".utf8).write(to: page)
    }
    let extPlist: [String: Any] = ["CFBundleIdentifier": extID, "CFBundleExecutable": "Share", "CFBundleVersion": extVersion,
                                   "CFBundleShortVersionString": "1.0",
                                   "NSExtension": ["NSExtensionPointIdentifier": "com.apple.share-services",
                                                   "NSExtensionPrincipalClass": "ShareViewController",
                                                   "NSExtensionAttributes": attributes]]
    // The app's plist in XML, the extension's in binary: both forms are read.
    try PropertyListSerialization.data(fromPropertyList: appPlist, format: .xml, options: 0)
        .write(to: app.appendingPathComponent("Info.plist"))
    try PropertyListSerialization.data(fromPropertyList: extPlist, format: .binary, options: 0)
        .write(to: appex.appendingPathComponent("Info.plist"))
    try PropertyListSerialization.data(fromPropertyList: ["com.apple.security.application-groups": ["group.com.example.notes", "notes"]],
                                       format: .xml, options: 0)
        .write(to: appex.appendingPathComponent("Entitlements.plist"))
    if writeScript, let javaScript {
        try Data("var ExtensionPreprocessingJS = {};".utf8).write(to: appex.appendingPathComponent(javaScript + ".js"))
    }
    return app
}

@Test func anAppWithItsPlugInsIsRead() throws {
    try withTemporaryDirectory { dir in
        let loaded = try ManifestLoader().load(try makeApp(in: dir).path)
        let app = try #require(loaded.application)
        #expect(app.info.identifier == "com.example.notes")
        #expect(app.info.urlSchemes == ["notes"])
        let ext = try #require(loaded.extensions.first)
        #expect(ext.info.identifier == "com.example.notes.share")
        #expect(ext.declaration?.pointIdentifier == ExtensionPoint.share)
        #expect(ext.appGroups == ["group.com.example.notes", "notes"])
        #expect(ext.containingApp?.info.identifier == "com.example.notes")
        let findings = Linter().lint(loaded)
        #expect(findings.contains { $0.code == .entitlementsAppGroup && $0.message.contains("'notes'") })
        #expect(!findings.contains { $0.severity == .error && $0.code != .entitlementsAppGroup }, "\(findings)")
    }
}

struct AppCheckCase: CustomTestStringConvertible, Sendable {
    var name: String
    var extID = "com.example.notes.share"
    var extVersion = "1"
    var javaScript: String?
    var writeScript = false
    var interfacePage: String?
    var writePage: String?
    var code: LintCode
    var present: Bool
    var testDescription: String { name }
}

@Test(arguments: [
    AppCheckCase(name: "identifier outside the app's", extID: "com.example.other.share", code: .bundleIdentifierPrefix, present: true),
    AppCheckCase(name: "identifier equal to a prefix without the dot", extID: "com.example.notesshare", code: .bundleIdentifierPrefix, present: true),
    AppCheckCase(name: "identifier inside the app's", code: .bundleIdentifierPrefix, present: false),
    AppCheckCase(name: "version differs", extVersion: "2", code: .bundleVersionMismatch, present: true),
    AppCheckCase(name: "script missing from the bundle", javaScript: "Action", code: .javascriptMissingFile, present: true),
    AppCheckCase(name: "script present", javaScript: "Action", writeScript: true, code: .javascriptMissingFile, present: false),
    AppCheckCase(name: "interface page present", interfacePage: "Resources/Interface/index.html",
                 writePage: "Resources/Interface/index.html", code: .interfacePage, present: false),
    AppCheckCase(name: "interface page missing", interfacePage: "Resources/Interface/index.html", code: .interfacePage, present: true),
    AppCheckCase(name: "interface page is a folder", interfacePage: "Resources/Interface.html",
                 writePage: "Resources/Interface.html/index.html", code: .interfacePage, present: true),
    AppCheckCase(name: "interface page climbs out of the bundle", interfacePage: "../Secret/index.html", code: .interfacePage, present: true),
    AppCheckCase(name: "interface page is absolute", interfacePage: "/etc/index.html", code: .interfacePage, present: true),
    AppCheckCase(name: "interface page is not HTML", interfacePage: "Resources/app.js", writePage: "Resources/app.js",
                 code: .interfacePage, present: true),
])
func containingAppChecks(_ c: AppCheckCase) throws {
    try withTemporaryDirectory { dir in
        let app = try makeApp(in: dir, extID: c.extID, extVersion: c.extVersion, javaScript: c.javaScript, writeScript: c.writeScript,
                              interfacePage: c.interfacePage, writePage: c.writePage)
        let findings = Linter().lint(try ManifestLoader().load(app.path))
        #expect(findings.contains { $0.code == c.code } == c.present, "\(findings.map(\.description))")
    }
}

@Test func aBareNSExtensionDictionaryIsAnExtension() throws {
    try withTemporaryDirectory { dir in
        let url = dir.appendingPathComponent("NSExtension.plist")
        let bare: [String: Any] = ["NSExtensionPointIdentifier": "com.apple.share-services", "NSExtensionPrincipalClass": "A",
                                   "NSExtensionAttributes": ["NSExtensionActivationRule": "TRUEPREDICATE"]]
        try PropertyListSerialization.data(fromPropertyList: bare, format: .xml, options: 0).write(to: url)
        let ext = try #require(try ManifestLoader().load(url.path).extensions.first)
        #expect(ext.declaration?.pointIdentifier == ExtensionPoint.share)
        #expect(ext.activation(for: try PayloadPreset.parse("notes-text").payload).isEligible)
    }
}

@Test func defineExpandsBuildVariables() throws {
    try withTemporaryDirectory { dir in
        let url = dir.appendingPathComponent("Info.plist")
        try Data(infoPlist(share(rule: "<string>TRUEPREDICATE</string>"),
                           bundle: "<key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER).$(PRODUCT_NAME:rfc1034identifier)</string>").utf8).write(to: url)
        var variables = BuildVariables()
        try variables.define("PRODUCT_BUNDLE_IDENTIFIER=com.example")
        try variables.define("PRODUCT_NAME=My Share")
        let loaded = try ManifestLoader(variables: variables).load(url.path)
        #expect(loaded.extensions.first?.info.identifier == "com.example.My-Share")
        #expect(loaded.extensions.first?.info.unresolvedVariables == [])
        #expect(!loaded.diagnostics.contains { $0.code == .bundleUnexpandedVariable })
        #expect(throws: PayloadError.self) { try variables.define("=x") }
    }
}

struct MalformedCase: CustomTestStringConvertible, Sendable {
    var name: String
    var contents: @Sendable () -> Data
    var message: String
    var testDescription: String { name }
}

@Test(arguments: [
    MalformedCase(name: "truncated", contents: { Data(infoPlist(share(rule: "<string>TRUEPREDICATE</string>")).utf8.prefix(200)) },
                  message: "Info.plist:"),
    MalformedCase(name: "a 10 MB string", contents: {
        Data(infoPlist("<key>NSExtensionPointIdentifier</key><string>\(String(repeating: "x", count: 10_000_000))</string>").utf8)
    }, message: "NSExtension.NSExtensionPointIdentifier"),
    MalformedCase(name: "deep nesting", contents: {
        Data(("<plist><dict><key>NSExtension</key>" + String(repeating: "<array>", count: 5000)).utf8)
    }, message: "Info.plist:"),
    MalformedCase(name: "not a property list", contents: { Data("{ \"json\": true }".utf8) }, message: "Info.plist"),
])
func malformedPlistsNameTheFileAndKey(_ c: MalformedCase) throws {
    try withTemporaryDirectory { dir in
        let url = dir.appendingPathComponent("Info.plist")
        try c.contents().write(to: url)
        do throws(ManifestLoadError) {
            _ = try ManifestLoader().load(url.path)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains(c.message), "\(error.description)")
            #expect(error.code == .unreadablePropertyList)
        }
    }
}

@Test func aWrongRootIsAFindingNotACrash() throws {
    try withTemporaryDirectory { dir in
        let url = dir.appendingPathComponent("Info.plist")
        try Data("<plist><array><string>x</string></array></plist>".utf8).write(to: url)
        let findings = Linter().lint(try ManifestLoader().load(url.path))
        #expect(findings.contains { $0.code == .plistWrongRoot && $0.message.contains("an array") })
    }
}

@Test func aMissingPathIsALoadError() {
    #expect(throws: ManifestLoadError.self) { try ManifestLoader().load("/nonexistent/Info.plist") }
}
