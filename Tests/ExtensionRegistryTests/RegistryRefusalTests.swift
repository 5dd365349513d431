import ExtensionManifest
import ExtensionRegistry
import Foundation
import Testing

@Suite struct RegistryRefusalTests {
    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        var fixture: AppFixture
        var options = InstallOptions()
        /// Damages the built app before installing it; returns the path to install.
        var damage: @Sendable (URL) throws -> URL = { $0 }
        var code: RegistryError.Code
        /// Text the error's description must contain: the offending file, key or value.
        var mentions: [String]
        /// Whether the damaged bundle keeps the seal `appex bundle` wrote. The other cases
        /// stand for bundles made by other tools, which carry none: the refusal they test
        /// is the validation's, not the seal's.
        var keepsSeal = false
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "lint error: no activation rule", fixture: AppFixture(extensions: [ExtensionFixture(ruleXML: nil)]),
                code: .validationFailed, mentions: ["1 lint error", "PlugIns/Share.appex/Info.plist:", "[activation.missing-rule]"]),
        Refusal(name: "identifier prefix mismatch", fixture: AppFixture(extensions: [ExtensionFixture(identifier: "com.other.Share")]),
                code: .validationFailed,
                mentions: ["--allow-mismatch", "PlugIns/Share.appex/Info.plist:6:2: error:", "error:", "[bundle.identifier-prefix]"]),
        Refusal(name: "version mismatch", fixture: AppFixture(extensions: [ExtensionFixture(version: "2")]),
                code: .validationFailed, mentions: ["2 lint errors", "[bundle.version-mismatch]", "CFBundleVersion is 2"]),
        Refusal(name: "missing app executable", fixture: AppFixture(),
                damage: { app in try FileManager.default.removeItem(at: app.appendingPathComponent("Notes")); return app },
                code: .missingExecutable, mentions: ["Notes.app/Notes is missing", "CFBundleExecutable of", "Notes.app/Info.plist"]),
        Refusal(name: "missing extension executable", fixture: AppFixture(),
                damage: { app in try FileManager.default.removeItem(at: app.appendingPathComponent("PlugIns/Share.appex/Share")); return app },
                code: .missingExecutable, mentions: ["PlugIns/Share.appex/Share is missing"]),
        Refusal(name: "executable that is not executable", fixture: AppFixture(),
                damage: { app in
                    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: app.appendingPathComponent("PlugIns/Share.appex/Share").path)
                    return app
                }, code: .missingExecutable, mentions: ["Share.appex/Share is not an executable regular file"]),
        Refusal(name: "executable that is a link", fixture: AppFixture(),
                damage: { app in
                    let exe = app.appendingPathComponent("Notes")
                    try FileManager.default.removeItem(at: exe)
                    try FileManager.default.createSymbolicLink(atPath: exe.path, withDestinationPath: "/bin/sh")
                    return app
                }, code: .missingExecutable, mentions: ["Notes.app/Notes is not an executable regular file"]),
        Refusal(name: "not an .app", fixture: AppFixture(),
                damage: { app in
                    let other = app.deletingLastPathComponent().appendingPathComponent("Notes.bundle")
                    try FileManager.default.moveItem(at: app, to: other)
                    return other
                }, code: .notAnApplication, mentions: ["Notes.bundle is not an .app bundle"]),
        Refusal(name: "unreadable Info.plist", fixture: AppFixture(),
                damage: { app in
                    try Data("<plist><dict><key>".utf8).write(to: app.appendingPathComponent("PlugIns/Share.appex/Info.plist"))
                    return app
                }, code: .unreadableBundle, mentions: ["Notes.app/PlugIns/Share.appex/Info.plist"]),
        Refusal(name: "changed after appex bundle", fixture: AppFixture(),
                damage: { app in
                    try Data("#!/bin/sh\nexit 1\n".utf8).write(to: app.appendingPathComponent("PlugIns/Share.appex/Share"))
                    try Data("extra".utf8).write(to: app.appendingPathComponent("PlugIns/Share.appex/extra.txt"))
                    return app
                }, code: .bundleModified,
                mentions: ["was changed after it was bundled", "modified: PlugIns/Share.appex/Share", "added: PlugIns/Share.appex/extra.txt"],
                keepsSeal: true),
        Refusal(name: "identifier that cannot name a folder", fixture: AppFixture(identifier: "com.example/notes", extensions: []),
                code: .invalidIdentifier, mentions: ["CFBundleIdentifier 'com.example/notes'"]),
        Refusal(name: "app group that cannot name a folder", fixture: AppFixture(appGroups: ["group...x/y"]),
                code: .invalidIdentifier, mentions: ["Entitlements.plist", "group...x/y"]),
        Refusal(name: "two extensions with one identifier",
                fixture: AppFixture(extensions: [ExtensionFixture(name: "A", identifier: "com.example.notes.X"),
                                                 ExtensionFixture(name: "B", identifier: "com.example.notes.X")]),
                code: .duplicateExtension, mentions: ["PlugIns/B.appex/Info.plist", "com.example.notes.X"]),
    ]

    @Test(arguments: refusals)
    func refusedInstallLeavesTheHomeUnchanged(_ c: Refusal) async throws {
        try await withTemporaryDirectory { dir in
            let registry = try makeRegistry(in: dir)
            try registry.install(appAt: AppFixture(identifier: "com.example.mail", name: "Mail").build(in: dir))
            let before = (registry.bundleAndContainerTree(), try registry.installedExtensions(), try registry.installedApplications())
            let built = try c.fixture.build(in: dir)
            if !c.keepsSeal { try FileManager.default.removeItem(at: built.appendingPathComponent("_AppexSeal")) }
            let path = try c.damage(built)
            let error = try #require(throws: RegistryError.self) { try registry.install(appAt: path, options: c.options) }
            #expect(error.code == c.code)
            #expect(error.isRefusal)
            for text in c.mentions { #expect(error.description.contains(text), "\(error.description)") }
            #expect(registry.bundleAndContainerTree() == before.0)
            #expect(try registry.installedExtensions() == before.1)
            #expect(try registry.installedApplications() == before.2)
        }
    }

    @Test func aMissingPathIsNotARefusal() async throws {
        try await withTemporaryDirectory { dir in
            let error = try #require(throws: RegistryError.self) {
                try makeRegistry(in: dir).install(appAt: dir.appendingPathComponent("Nothing.app"))
            }
            #expect(error.code == .notFound && !error.isRefusal)
            #expect(error.message.contains("Nothing.app"))
        }
    }

    @Test(arguments: [
        ("identifier prefix", ExtensionFixture(identifier: "com.other.Share"), .bundleIdentifierPrefix),
        ("version", ExtensionFixture(version: "7"), .bundleVersionMismatch),
    ] as [(String, ExtensionFixture, LintCode)])
    func allowMismatchInstallsWithAWarning(_ name: String, _ ext: ExtensionFixture, _ code: LintCode) async throws {
        try await withTemporaryDirectory { dir in
            let registry = try makeRegistry(in: dir)
            let result = try registry.install(appAt: AppFixture(extensions: [ext]).build(in: dir), options: InstallOptions(allowMismatch: true))
            let warning = try #require(result.warnings.first { $0.code == code })
            #expect(warning.severity == .warning)
            #expect(try registry.installedExtensions().count == 1)
        }
    }

    struct Conflict: Sendable, CustomTestStringConvertible {
        var name: String
        var fixture: AppFixture
        var message: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        Conflict(name: "an app named like an installed extension",
                 fixture: AppFixture(identifier: "com.example.shared.Share", name: "Shared", extensions: []),
                 message: "com.example.shared.Share is already installed as an extension of com.example.notes"),
        Conflict(name: "an extension named like another app's extension",
                 fixture: AppFixture(identifier: "com.example.thief", name: "Thief", extensions: [ExtensionFixture(identifier: "com.example.shared.Share")]),
                 message: "com.example.shared.Share is already installed as an extension of com.example.notes"),
        Conflict(name: "an extension named like an installed app",
                 fixture: AppFixture(identifier: "com.example.thief", name: "Thief", extensions: [ExtensionFixture(identifier: "com.example.mail")]),
                 message: "the extension identifier com.example.mail is already installed as an app"),
    ])
    func anIdentifierInUseIsRefused(_ c: Conflict) async throws {
        try await withTemporaryDirectory { dir in
            let registry = try makeRegistry(in: dir)
            let mismatch = InstallOptions(allowMismatch: true)
            try registry.install(appAt: AppFixture(extensions: [ExtensionFixture(identifier: "com.example.shared.Share")]).build(in: dir), options: mismatch)
            try registry.install(appAt: AppFixture(identifier: "com.example.mail", name: "Mail", extensions: []).build(in: dir))
            let before = registry.bundleAndContainerTree()
            let error = try #require(throws: RegistryError.self) { try registry.install(appAt: c.fixture.build(in: dir), options: mismatch) }
            #expect(error.code == .identifierInUse && error.isRefusal)
            #expect(error.message == c.message)
            #expect(registry.bundleAndContainerTree() == before)
        }
    }

    @Test func aRefusedUpgradeKeepsTheInstalledVersion() async throws {
        try await withTemporaryDirectory { dir in
            let registry = try makeRegistry(in: dir)
            try registry.install(appAt: AppFixture().build(in: dir))
            try registry.setEnabled(false, for: "com.example.notes.Share")
            let before = (registry.bundleAndContainerTree(), try registry.installedExtensions())
            let broken = try AppFixture(version: "2", extensions: [ExtensionFixture(version: "2", ruleXML: nil)]).build(in: dir)
            #expect(throws: RegistryError.self) { try registry.install(appAt: broken) }
            #expect(registry.bundleAndContainerTree() == before.0)
            #expect(try registry.installedExtensions() == before.1)
        }
    }
}
