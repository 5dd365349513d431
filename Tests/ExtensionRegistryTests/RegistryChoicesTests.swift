import ExtensionManifest
import ExtensionRegistry
import Foundation
import Testing

@Suite struct RegistryChoicesTests {
    /// Three extensions named so that name order differs from identifier order.
    static func fixture() -> AppFixture {
        AppFixture(extensions: [ExtensionFixture(name: "A", displayName: "Zebra"), ExtensionFixture(name: "B", displayName: "Apple"),
                                ExtensionFixture(name: "C", displayName: "Mango")])
    }

    struct OrderCase: Sendable, CustomTestStringConvertible {
        var name: String
        var order: [String]
        var expected: [String]
        var positions: [Int?]
        var testDescription: String { name }
    }

    @Test(arguments: [
        OrderCase(name: "no order: by display name", order: [], expected: ["B", "C", "A"], positions: [nil, nil, nil]),
        OrderCase(name: "one first, the rest by name", order: ["A"], expected: ["A", "B", "C"], positions: [0, nil, nil]),
        OrderCase(name: "all ordered", order: ["C", "A", "B"], expected: ["C", "A", "B"], positions: [0, 1, 2]),
        OrderCase(name: "two ordered", order: ["C", "A"], expected: ["C", "A", "B"], positions: [0, 1, nil]),
    ])
    func orderPutsTheGivenExtensionsFirst(_ c: OrderCase) async throws {
        try await withTemporaryDirectory { dir in
            let registry = try makeRegistry(in: dir)
            try registry.install(appAt: Self.fixture().build(in: dir))
            try registry.setOrder(["B", "C", "A"].map { "com.example.notes." + $0 })
            try registry.setOrder(c.order.map { "com.example.notes." + $0 })
            let installed = try registry.installedExtensions()
            #expect(installed.map(\.identifier) == c.expected.map { "com.example.notes." + $0 })
            #expect(installed.map(\.position) == c.positions)
        }
    }

    struct BadOrder: Sendable, CustomTestStringConvertible {
        var name: String
        var order: [String]
        var code: RegistryError.Code
        var message: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        BadOrder(name: "unknown identifier", order: ["com.example.notes.A", "com.example.nope"], code: .unknownExtension,
                 message: "no installed extension has the identifier com.example.nope"),
        BadOrder(name: "an app", order: ["com.example.notes"], code: .unknownExtension, message: "com.example.notes is an app, not an extension"),
        BadOrder(name: "repeated identifier", order: ["com.example.notes.A", "com.example.notes.A"], code: .invalidOrder,
                 message: "com.example.notes.A appears twice in the order"),
    ])
    func aBadOrderChangesNothing(_ c: BadOrder) async throws {
        try await withTemporaryDirectory { dir in
            let registry = try makeRegistry(in: dir)
            try registry.install(appAt: Self.fixture().build(in: dir))
            try registry.setOrder(["com.example.notes.C"])
            let error = try #require(throws: RegistryError.self) { try registry.setOrder(c.order) }
            #expect(error.code == c.code && error.message == c.message)
            #expect(try registry.installedExtensions().map(\.position) == [0, nil, nil])
        }
    }

    @Test func enableAndDisable() async throws {
        try await withTemporaryDirectory { dir in
            let registry = try makeRegistry(in: dir)
            try registry.install(appAt: Self.fixture().build(in: dir))
            try registry.setEnabled(false, for: "com.example.notes.C")
            #expect(try registry.installedExtensions().map(\.isEnabled) == [true, false, true])
            try registry.setEnabled(true, for: "com.example.notes.C")
            #expect(try registry.installedExtensions().map(\.isEnabled) == [true, true, true])
            let error = try #require(throws: RegistryError.self) { try registry.setEnabled(false, for: "com.example.nope") }
            #expect(error.code == .unknownExtension && error.message.contains("com.example.nope"))
        }
    }

    @Test func aKeyboardsFullAccessIsKeptAndReadBack() async throws {
        try await withTemporaryDirectory { dir in
            let registry = try makeRegistry(in: dir)
            let app = AppFixture(extensions: [ExtensionFixture(name: "Keys", point: ExtensionPoint.keyboard, ruleXML: nil), ExtensionFixture()])
            try registry.install(appAt: app.build(in: dir))
            let keys = "com.example.notes.Keys"
            #expect(try registry.installedExtensions().first { $0.identifier == keys }?.allowsFullAccess == false, "denied until the person allows it")
            #expect(try registry.setFullAccess(true, for: keys) == false)
            // Another registry of the same home reads it back: the catalog's generation changed.
            let other = try makeRegistry(in: dir)
            #expect(try other.installedExtensions().first { $0.identifier == keys }?.allowsFullAccess == true)
            #expect(try registry.setFullAccess(false, for: keys) == true)
            #expect(try registry.installedExtensions().first { $0.identifier == keys }?.allowsFullAccess == false)
            let share = try #require(throws: RegistryError.self) { try registry.setFullAccess(true, for: "com.example.notes.Share") }
            #expect(share.code == .notAKeyboard && share.message.contains("com.apple.share-services (Share), not a custom keyboard"))
            let unknown = try #require(throws: RegistryError.self) { try registry.setFullAccess(true, for: "com.example.nope") }
            #expect(unknown.code == .unknownExtension)
        }
    }
}
