import Foundation
import Testing
@testable import AppExtensions

/// One typed load: a value registered under a type, loaded as a target.
struct CoercionCase: CustomTestStringConvertible, Sendable {
    enum Expected: Sendable, Equatable {
        case value(ItemProviderValue)
        case error(Int)
    }

    let name: String
    let value: ItemProviderValue
    let type: String
    let target: ItemCoercion.Target
    let expected: Expected

    init(_ name: String, _ value: ItemProviderValue, as type: String, to target: ItemCoercion.Target, _ expected: Expected) {
        self.name = name
        self.value = value
        self.type = type
        self.target = target
        self.expected = expected
    }

    var testDescription: String { name }

    static let web = link("https://www.swift.org/about/")
    static let file = URL(fileURLWithPath: "/nonexistent/appex/photo.jpg")
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    static let all: [CoercionCase] = [
        // URL
        .init("file URL → URL", .url(file), as: "public.file-url", to: .url, .value(.url(file))),
        .init("web URL → URL", .url(web), as: "public.url", to: .url, .value(.url(web))),
        .init("text of a URL → URL", .string("  https://www.swift.org/about/\n"), as: "public.plain-text", to: .url, .value(.url(web))),
        .init("text that is not a URL → -1100", .string("hello world"), as: "public.plain-text", to: .url, .error(-1100)),
        .init("URL bytes → URL", .data(Data("https://www.swift.org/about/".utf8)), as: "public.url", to: .url, .value(.url(web))),
        .init("text bytes not a URL → -1100", .data(Data("no scheme".utf8)), as: "public.utf8-plain-text", to: .url, .error(-1100)),
        .init("image bytes → URL: -1200", .data(Data([0xFF, 0xD8])), as: "public.jpeg", to: .url, .error(-1200)),
        .init("number → URL: -1200", .integer(3), as: "public.data", to: .url, .error(-1200)),
        .init("date → URL: -1200", .date(date), as: "public.data", to: .url, .error(-1200)),
        .init("array → URL: -1200", ["a"], as: "public.data", to: .url, .error(-1200)),
        .init("dictionary → URL: -1200", ["a": 1], as: "com.apple.property-list", to: .url, .error(-1200)),
        // Data
        .init("Data → Data", .data(Data([1, 2, 3])), as: "public.data", to: .data, .value(.data(Data([1, 2, 3])))),
        .init("missing file URL → Data: -1000", .url(file), as: "public.file-url", to: .data, .error(-1000)),
        .init("web URL → its bytes", .url(web), as: "public.url", to: .data, .value(.data(Data(web.absoluteString.utf8)))),
        .init("text → UTF-8 bytes", "héllo", as: "public.utf8-plain-text", to: .data, .value(.data(Data("héllo".utf8)))),
        .init("text → UTF-16 bytes", "hé", as: "public.utf16-plain-text", to: .data, .value(.data(Data([0xFF, 0xFE, 0x68, 0, 0xE9, 0])))),
        .init("number as property list → XML", .integer(7), as: "com.apple.property-list", to: .data, .value(.data(plist(7)))),
        .init("number → Data: -1200", .integer(7), as: "public.data", to: .data, .error(-1200)),
        .init("date as property list → XML", .date(date), as: "com.apple.xml-property-list", to: .data, .value(.data(plist(date)))),
        .init("date → Data: -1200", .date(date), as: "public.data", to: .data, .error(-1200)),
        .init("array as property list → XML", ["a", 1], as: "com.apple.property-list", to: .data, .value(.data(plist(["a", 1] as [Any])))),
        .init("array → Data: -1200", ["a"], as: "public.data", to: .data, .error(-1200)),
        .init("dictionary as property list → XML", ["k": "v"], as: "com.apple.property-list", to: .data, .value(.data(plist(["k": "v"])))),
        .init("dictionary → Data: -1200", ["k": "v"], as: "public.json", to: .data, .error(-1200)),
        // String
        .init("String → String", "hello", as: "public.plain-text", to: .string, .value("hello")),
        .init("file URL → its string", .url(file), as: "public.file-url", to: .string, .value(.string(file.absoluteString))),
        .init("web URL → its string", .url(web), as: "public.url", to: .string, .value(.string(web.absoluteString))),
        .init("UTF-8 text bytes → String", .data(Data("héllo".utf8)), as: "public.plain-text", to: .string, .value("héllo")),
        .init("UTF-16 text bytes → String", .data(Data([0xFF, 0xFE, 0x68, 0, 0xE9, 0])), as: "public.utf16-plain-text", to: .string, .value("hé")),
        .init("invalid UTF-8 → -1100", .data(Data([0xC3, 0x28])), as: "public.plain-text", to: .string, .error(-1100)),
        .init("URL bytes → String", .data(Data("https://a.b/".utf8)), as: "public.url", to: .string, .value("https://a.b/")),
        .init("image bytes → String: -1200", .data(Data([0x89, 0x50])), as: "public.png", to: .string, .error(-1200)),
        .init("number → String: -1200", .double(1.5), as: "public.data", to: .string, .error(-1200)),
        .init("date → String: -1200", .date(date), as: "public.data", to: .string, .error(-1200)),
        .init("array → String: -1200", ["a"], as: "public.data", to: .string, .error(-1200)),
        .init("dictionary → String: -1200", ["a": "b"], as: "com.apple.property-list", to: .string, .error(-1200)),
    ]

    static func plist(_ object: Any) -> Data {
        (try? PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)) ?? Data()
    }
}

@Suite struct CoercionTableTests {
    @Test(arguments: CoercionCase.all)
    func typedLoadFollowsTheTable(_ c: CoercionCase) async throws {
        let provider = ItemProvider(item: c.value, typeIdentifier: c.type)
        let result: CoercionCase.Expected
        do {
            switch c.target {
            case .url: result = .value(.url(try await provider.loadItem(forTypeIdentifier: c.type, as: URL.self)))
            case .data: result = .value(.data(try await provider.loadItem(forTypeIdentifier: c.type, as: Data.self)))
            case .string: result = .value(.string(try await provider.loadItem(forTypeIdentifier: c.type, as: String.self)))
            }
        } catch {
            #expect(error.message.contains(c.type), "the message names the registered type: \(error.message)")
            result = .error(error.code.rawValue)
        }
        #expect(result == c.expected)
    }

    @Test func everyRowIsExercised() {
        let used = Set(CoercionCase.all.compactMap { c in
            ItemCoercion.rule(for: c.target, from: c.value.kind, registeredAs: c.type)
        })
        let unused = ItemCoercion.table.filter { !used.contains($0) }
        #expect(unused.isEmpty, "rows without a test case: \(unused)")
    }

    @Test(arguments: ItemCoercion.Target.allCases)
    func everyKindHasAFallbackRow(_ target: ItemCoercion.Target) {
        for kind in ItemProviderValue.Kind.allCases {
            let fallback = ItemCoercion.table.last { $0.target == target && $0.source == kind }
            #expect(fallback?.condition == .always, "\(target) from \(kind) has no unconditional row")
        }
    }

    @Test func theDocumentPrintsTheTable() throws {
        let doc = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/ITEM-PROVIDERS.md")
        let text = try String(contentsOf: doc, encoding: .utf8)
        #expect(text.contains(ItemCoercion.markdownTable), "docs/ITEM-PROVIDERS.md must contain ItemCoercion.markdownTable verbatim")
    }

    @Test func untypedLoadsHandOutTheValueAsRegistered() async throws {
        let provider = ItemProvider(item: ["title": "Swift", "tags": ["a", "b"]], typeIdentifier: "com.apple.property-list")
        let item = try await provider.loadItem(forTypeIdentifier: "com.apple.property-list")
        let dictionary = try #require(item as? [String: Any])
        #expect(dictionary["title"] as? String == "Swift")
        #expect(dictionary["tags"] as? [Any] != nil)
        let value = try await provider.loadValue(forTypeIdentifier: "com.apple.property-list")
        #expect(value == ["title": "Swift", "tags": ["a", "b"]])
    }
}
