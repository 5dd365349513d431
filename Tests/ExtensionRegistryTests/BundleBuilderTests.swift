import BundleSeal
import ExtensionManifest
import ExtensionRegistry
import Foundation
import Testing

@Suite struct BundleBuilderTests {
    @Test func buildsAnAppWithItsExtensionsAndExecutables() async throws {
        try await withTemporaryDirectory { dir in
            let fixture = AppFixture(appGroups: ["group.com.example.notes"],
                                     extensions: [ExtensionFixture(name: "Share"), ExtensionFixture(name: "Save", point: ExtensionPoint.action)])
            let (source, products) = try fixture.writeSource(in: dir)
            try FileManager.default.createDirectory(at: source.appendingPathComponent("Resources"), withIntermediateDirectories: true)
            try Data("hello".utf8).write(to: source.appendingPathComponent("Resources/greeting.txt"))
            let output = dir.appendingPathComponent("Notes.app")
            let summary = try BundleBuilder(source: source, products: products).build(to: output)
            #expect(summary.plugIns == ["Save.appex", "Share.appex"])
            #expect(fileTree(output) == [
                "Entitlements.plist", "Info.plist", "Notes", "PlugIns",
                "PlugIns/Save.appex", "PlugIns/Save.appex/Info.plist", "PlugIns/Save.appex/Save",
                "PlugIns/Share.appex", "PlugIns/Share.appex/Info.plist", "PlugIns/Share.appex/Share",
                "Resources", "Resources/greeting.txt", "_AppexSeal", "_AppexSeal/Seal.plist",
            ])
            // The bundle carries its seal, of every file but the seal's own folder.
            let seal = try #require(try BundleSeal.embedded(in: output))
            #expect(seal.files.map(\.path) == ["Entitlements.plist", "Info.plist", "Notes", "PlugIns/Save.appex/Info.plist",
                                                "PlugIns/Save.appex/Save", "PlugIns/Share.appex/Info.plist", "PlugIns/Share.appex/Share",
                                                "Resources/greeting.txt"])
            #expect(try seal.difference(from: output).isEmpty)
            for path in ["Notes", "PlugIns/Share.appex/Share"] {
                #expect(FileManager.default.isExecutableFile(atPath: output.appendingPathComponent(path).path))
            }
            let loaded = try ManifestLoader().load(output.path)
            #expect(loaded.application?.appGroups == ["group.com.example.notes"])
            #expect(Linter().lint(loaded).filter { $0.severity == .error }.isEmpty)
            #expect(fileTree(dir).allSatisfy { !$0.contains(".building-") }, "no scratch folder is left behind")
        }
    }

    struct FailureCase: Sendable, CustomTestStringConvertible {
        var name: String
        var code: BundleBuildError.Code
        /// Damages the written source or products.
        var damage: @Sendable (_ source: URL, _ products: URL) throws -> Void
        /// A part of the message: the file it must name.
        var names: String
        var testDescription: String { name }
    }

    static let failures: [FailureCase] = [
        FailureCase(name: "missing app Info.plist", code: .missingInfoPlist,
                    damage: { s, _ in try FileManager.default.removeItem(at: s.appendingPathComponent("Info.plist")) }, names: "Info.plist"),
        FailureCase(name: "missing extension Info.plist", code: .missingInfoPlist,
                    damage: { s, _ in try FileManager.default.removeItem(at: s.appendingPathComponent("PlugIns/Share.appex/Info.plist")) },
                    names: "Share.appex/Info.plist"),
        FailureCase(name: "missing executable", code: .missingExecutable,
                    damage: { _, p in try FileManager.default.removeItem(at: p.appendingPathComponent("Share")) }, names: "Share"),
        FailureCase(name: "executable without the execute bit", code: .missingExecutable,
                    damage: { _, p in try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: p.appendingPathComponent("Notes").path) },
                    names: "Notes is not an executable file"),
        FailureCase(name: "bad plist", code: .unreadablePropertyList,
                    damage: { s, _ in try Data("<plist><dict><key>x".utf8).write(to: s.appendingPathComponent("PlugIns/Share.appex/Info.plist")) },
                    names: "Share.appex/Info.plist"),
        FailureCase(name: "bad entitlements", code: .unreadablePropertyList,
                    damage: { s, _ in try Data("<plist><array>".utf8).write(to: s.appendingPathComponent("Entitlements.plist")) },
                    names: "Entitlements.plist"),
        FailureCase(name: "no CFBundleExecutable", code: .missingExecutableKey,
                    damage: { s, _ in
                        let url = s.appendingPathComponent("Info.plist")
                        let text = try String(contentsOf: url, encoding: .utf8)
                            .replacingOccurrences(of: "<key>CFBundleExecutable</key>", with: "<key>Other</key>")
                        try Data(text.utf8).write(to: url)
                    }, names: "Info.plist: CFBundleExecutable is missing"),
    ]

    @Test(arguments: failures)
    func refusesABrokenSourceAndWritesNothing(_ c: FailureCase) async throws {
        try await withTemporaryDirectory { dir in
            let fixture = AppFixture(appGroups: ["group.com.example.notes"])
            let (source, products) = try fixture.writeSource(in: dir)
            try c.damage(source, products)
            let output = dir.appendingPathComponent("out/Notes.app")
            try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
            let error = try #require(throws: BundleBuildError.self) {
                try BundleBuilder(source: source, products: products).build(to: output)
            }
            #expect(error.code == c.code)
            #expect(error.message.contains(c.names), "\(error.message)")
            #expect(fileTree(output.deletingLastPathComponent()).isEmpty)
        }
    }

    @Test func replacesAnExistingOutputOnlyWhenAsked() async throws {
        try await withTemporaryDirectory { dir in
            let (source, products) = try AppFixture().writeSource(in: dir)
            let output = dir.appendingPathComponent("Notes.app")
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            try Data("old".utf8).write(to: output.appendingPathComponent("old.txt"))
            let builder = BundleBuilder(source: source, products: products)
            let error = try #require(throws: BundleBuildError.self) { try builder.build(to: output) }
            #expect(error.code == .outputExists)
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("old.txt").path))
            try builder.build(to: output, replacing: true)
            #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("old.txt").path))
            #expect(FileManager.default.isExecutableFile(atPath: output.appendingPathComponent("Notes").path))
            #expect(fileTree(dir).allSatisfy { !$0.contains(".building-") })
        }
    }

    @Test(arguments: ["Notes", "Notes.appex", ".app"])
    func refusesAnOutputThatIsNotAnApp(_ name: String) async throws {
        try await withTemporaryDirectory { dir in
            let (source, products) = try AppFixture().writeSource(in: dir)
            let error = try #require(throws: BundleBuildError.self) {
                try BundleBuilder(source: source, products: products).build(to: dir.appendingPathComponent(name))
            }
            #expect(error.code == .invalidOutput)
        }
    }
}
