import ELFFormat
import ExtensionRegistry
import Foundation
import HostTestSupport
import SystemSupport
import Testing

/// Lint and install on bundles this test builds from the package's own executables and
/// frameworks (the Notes app, SaveToNotes, NotesKit), then damages as a careless build
/// would: each rule of docs/BUNDLES.md, on real ELF files.
@Suite("Frameworks in built bundles")
struct FrameworkLintTests {
    /// Examples/Notes/Bundle.
    static let notesBundle = URL(fileURLWithPath: DemoAndShareTests.examples)
    static let products = URL(fileURLWithPath: DemoAndShareTests.products)

    /// How a case changes the source or the built bundle, and what lint must find.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// Changes the source folder before it is bundled (the layout of the built app).
        var prepare: @Sendable (URL) throws -> Void = { _ in }
        /// Changes the bundle after it was built.
        var damage: @Sendable (URL) throws -> Void = { _ in }
        /// The extension's executable (`appex` links the host).
        var extensionExecutable = "save-to-notes"
        /// Adds the system's libmagic as a framework the extension links.
        var linksLibmagic = false
        /// Its damage runs patchelf.
        var usesPatchelf = false
        /// The codes lint must report, each with a text its message holds.
        let expected: [(code: String, says: String)]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "as built: nothing to say", expected: []),
        Case(name: "NotesKit in SharedFrameworks/", damage: { app in
            try move(app, "Frameworks/NotesKit.framework", to: "SharedFrameworks/NotesKit.framework")
        }, expected: [("framework.misplaced", "SharedFrameworks are rejected by the App Store"),
                      ("binary.missing-library", "needs libNotesKit.so, which is neither in the app's Frameworks/")]),
        Case(name: "NotesKit in the extension's own Frameworks/", damage: { app in
            try move(app, "Frameworks/NotesKit.framework", to: "PlugIns/SaveToNotes.appex/Frameworks/NotesKit.framework")
        }, expected: [("framework.misplaced", "ITMS-90206"),
                      ("binary.missing-library", "needs libNotesKit.so")]),
        Case(name: "NotesKit left out", damage: { app in
            try FileManager.default.removeItem(at: app.appendingPathComponent("Frameworks"))
        }, expected: [("binary.missing-library", "notes-app needs libNotesKit.so, which is neither in the app's Frameworks/"),
                      ("binary.missing-library", "save-to-notes needs libNotesKit.so")]),
        Case(name: "NotesKit cut short", damage: { app in
            let library = app.appendingPathComponent("Frameworks/NotesKit.framework/libNotesKit.so")
            try Data(try Data(contentsOf: library).prefix(200)).write(to: library)
        }, expected: [("binary.unreadable", "libNotesKit.so is not a well-formed ELF file")]),
        Case(name: "an extension whose RUNPATH misses the framework", damage: { app in
            // The runtime's folder alone, as a build without `appex bundle` would leave it.
            let executable = app.appendingPathComponent("PlugIns/SaveToNotes.appex/save-to-notes")
            let runtime = try ELFFile(contentsOf: executable).runPath.filter { $0.hasPrefix("/") }
            try run("/usr/bin/patchelf", ["--set-rpath", runtime.joined(separator: ":"), executable.path])
        }, usesPatchelf: true, expected: [("binary.missing-library", "save-to-notes needs libNotesKit.so, which is in Frameworks/NotesKit.framework but not on its RUNPATH")]),
        Case(name: "a framework built without the extension-safe flag", linksLibmagic: true,
             expected: [("framework.not-extension-safe", "linking against a dylib which is not safe for use in application extensions: ")]),
        Case(name: "an extension that links the host", extensionExecutable: "appex",
             expected: [("binary.unavailable-symbol", "ExtensionHost is unavailable in app extensions"),
                        ("extension.principal-class", "NSExtensionPrincipalClass names the class SaveToNotes, which appex does not define")]),
        Case(name: "a principal class the executable does not define", damage: { app in
            try editExtensionInfo(app) { $0["NSExtensionPrincipalClass"] = "ShareViewController" }
        }, expected: [("extension.principal-class", "names the class ShareViewController, which save-to-notes does not define")]),
        Case(name: "a main storyboard the bundle does not have", damage: { app in
            try editExtensionInfo(app) {
                $0["NSExtensionPrincipalClass"] = nil
                $0["NSExtensionMainStoryboard"] = "MainInterface"
            }
        }, expected: [("extension.storyboard", "the bundle has no Base.lproj/MainInterface.storyboard")]),
        Case(name: "a storyboard whose initial view controller names no class", damage: { app in
            try editExtensionInfo(app) {
                $0["NSExtensionPrincipalClass"] = nil
                $0["NSExtensionMainStoryboard"] = "MainInterface"
            }
            try storyboard(app, initial: "j1y-V4-xli", customClass: nil)
        }, expected: [("extension.storyboard", "its initial view controller (j1y-V4-xli) has no customClass")]),
        Case(name: "a storyboard naming a class the executable defines: nothing to say", prepare: { app in
            try editExtensionInfo(app) {
                $0["NSExtensionPrincipalClass"] = nil
                $0["NSExtensionMainStoryboard"] = "MainInterface"
            }
            try storyboard(app, initial: "j1y-V4-xli", customClass: "SaveToNotes")
        }, expected: []),
        Case(name: "a storyboard naming a class the executable does not define", damage: { app in
            try editExtensionInfo(app) {
                $0["NSExtensionPrincipalClass"] = nil
                $0["NSExtensionMainStoryboard"] = "MainInterface"
            }
            try storyboard(app, initial: "j1y-V4-xli", customClass: "ShareViewController")
        }, expected: [("extension.principal-class", "the initial view controller of MainInterface.storyboard names the class ShareViewController")]),
    ]

    /// Changes the built extension's NSExtension dictionary.
    static func editExtensionInfo(_ app: URL, _ change: (inout [String: Any]) -> Void) throws {
        let url = app.appendingPathComponent("PlugIns/SaveToNotes.appex/Info.plist")
        var info = try #require(try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil) as? [String: Any])
        var declaration = try #require(info["NSExtension"] as? [String: Any])
        change(&declaration)
        info["NSExtension"] = declaration
        try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0).write(to: url)
    }

    /// Writes Base.lproj/MainInterface.storyboard into the built extension, in the shape Xcode
    /// writes its share extension template's: one scene whose view controller is the initial one.
    static func storyboard(_ app: URL, initial: String, customClass: String?) throws {
        let folder = app.appendingPathComponent("PlugIns/SaveToNotes.appex/Base.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let custom = customClass.map { " customClass=\"\($0)\" customModuleProvider=\"target\"" } ?? ""
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="13122.16" useAutolayout="YES" initialViewController="\(initial)">
            <scenes>
                <scene sceneID="ceB-am-kn3">
                    <objects>
                        <viewController id="\(initial)"\(custom) sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="wbc-yd-nQP"/>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """.write(to: folder.appendingPathComponent("MainInterface.storyboard"), atomically: true, encoding: .utf8)
    }

    @Test("lint finds each rule's problem in a built bundle, and install refuses the errors", arguments: cases)
    func lintBuiltBundle(_ testCase: Case) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("framework-lint-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        if testCase.linksLibmagic || testCase.usesPatchelf { try requireTool("/usr/bin/patchelf", package: "patchelf", for: "linking a framework into a built extension") }
        // Copying executables and running patchelf block: off the shared threads.
        let app = try await Offload.perform { () throws -> URL in
            let app = try Self.build(testCase, in: root)
            try testCase.damage(app)
            return app
        }

        let lint = await appex("lint", app.path, "--json", "--no-browser")
        let reports = try JSONDecoder().decode([LintReport].self, from: Data(lint.output.utf8))
        let found = reports.flatMap(\.diagnostics)
        for (code, says) in testCase.expected {
            #expect(found.contains { $0.code == code && $0.message.contains(says) }, "no \(code) saying \"\(says)\" in \(found)")
        }
        #expect(Set(found.map(\.code)) == Set(testCase.expected.map(\.code)), "\(found)")

        let errors = testCase.expected.contains { !$0.code.hasSuffix("not-extension-safe") }
        let install = await appex("install", app.path, "--home", root.appendingPathComponent("home").path)
        #expect((install.status == 0) == !errors, "\(install.output)\(install.error)")
        #expect(lint.status == (errors ? 1 : 0))
    }

    struct LintReport: Decodable {
        struct Diagnostic: Decodable { var code: String; var message: String; var file: String }
        var diagnostics: [Diagnostic]
    }

    /// Builds Notes.app with the Notes app, SaveToNotes and NotesKit from the package's build.
    static func build(_ testCase: Case, in root: URL) throws -> URL {
        let source = root.appendingPathComponent("src"), products = root.appendingPathComponent("products")
        let bundle = notesBundle
        let extensionSource = source.appendingPathComponent("PlugIns/SaveToNotes.appex")
        try FileManager.default.createDirectory(at: extensionSource, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: products, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: bundle.appendingPathComponent("Info.plist"), to: source.appendingPathComponent("Info.plist"))
        try FileManager.default.copyItem(at: bundle.appendingPathComponent("Entitlements.plist"), to: source.appendingPathComponent("Entitlements.plist"))
        try FileManager.default.createDirectory(at: source.appendingPathComponent("Frameworks"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: bundle.appendingPathComponent("Frameworks/NotesKit.framework"),
                                         to: source.appendingPathComponent("Frameworks/NotesKit.framework"))
        let info = try String(contentsOf: bundle.appendingPathComponent("PlugIns/SaveToNotes.appex/Info.plist"), encoding: .utf8)
        try info.replacingOccurrences(of: "<string>save-to-notes</string>", with: "<string>\(testCase.extensionExecutable)</string>")
            .write(to: extensionSource.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        for name in ["notes-app", "libNotesKit.so", testCase.extensionExecutable] {
            try FileManager.default.createSymbolicLink(at: products.appendingPathComponent(name),
                                                       withDestinationURL: Self.products.appendingPathComponent(name))
        }
        if testCase.linksLibmagic {
            // The system's libmagic, embedded as a framework, and an extension linked to it.
            guard let libmagic = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib"]
                .map({ $0 + "/libmagic.so.1" }).first(where: { FileManager.default.fileExists(atPath: $0) }) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no libmagic.so.1 (the Debian package libmagic1)"])
            }
            let magic = source.appendingPathComponent("Frameworks/Magic.framework")
            try FileManager.default.createDirectory(at: magic, withIntermediateDirectories: true)
            try frameworkInfo(identifier: "com.example.notes.Magic", library: "libmagic.so.1").write(to: magic.appendingPathComponent("Info.plist"))
            try FileManager.default.copyItem(at: URL(fileURLWithPath: libmagic).resolvingSymlinksInPath(), to: products.appendingPathComponent("libmagic.so.1"))
            let linked = products.appendingPathComponent(testCase.extensionExecutable)
            try FileManager.default.removeItem(at: linked)
            try FileManager.default.copyItem(at: Self.products.appendingPathComponent(testCase.extensionExecutable), to: linked)
            try run("/usr/bin/patchelf", ["--add-needed", "libmagic.so.1", linked.path])
        }
        try testCase.prepare(source)
        let app = root.appendingPathComponent("Notes.app")
        try BundleBuilder(source: source, products: products).build(to: app)
        return app
    }

    static func frameworkInfo(identifier: String, library: String) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: [
            "CFBundleIdentifier": identifier, "CFBundleExecutable": library, "CFBundlePackageType": "FMWK",
            "CFBundleVersion": "1", "CFBundleShortVersionString": "1.0",
        ], format: .xml, options: 0)
    }

    static func move(_ app: URL, _ from: String, to: String) throws {
        let target = app.appendingPathComponent(to)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: app.appendingPathComponent(from), to: target)
    }

    static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(tool) \(arguments) failed"]) }
    }
}
