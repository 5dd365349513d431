import Foundation
import Testing
import AppExtensions

@Suite struct ExtensionItemTests {
    @Test func propertiesAreMirroredIntoUserInfo() throws {
        let provider = ItemProvider(item: "x", typeIdentifier: "public.plain-text")
        let item = ExtensionItem()
        #expect(item.userInfo == nil)
        item.attributedTitle = NSAttributedString(string: "Title")
        item.attachments = [provider]
        let info = try #require(item.userInfo)
        #expect(info[ExtensionItem.attributedTitleKey] as? AttributedString == AttributedString("Title"))
        #expect((info[ExtensionItem.attachmentsKey] as? [ItemProvider])?.first === provider)
        #expect(info[ExtensionItem.attributedContentTextKey] == nil)
    }

    @Test func settingUserInfoSetsTheProperties() {
        let provider = ItemProvider(item: "x", typeIdentifier: "public.plain-text")
        let item = ExtensionItem(attributedTitle: NSAttributedString(string: "old"))
        item.userInfo = [
            ExtensionItem.attributedContentTextKey: "Page title",
            ExtensionItem.attachmentsKey: [provider],
            "com.example.flag": true,
        ]
        #expect(item.attributedTitle == nil, "a missing mirrored key clears its property")
        #expect(item.attributedContentText?.string == "Page title")
        #expect(item.attachments?.count == 1)
        #expect(item.userInfo?["com.example.flag"] as? Bool == true)
    }

    @Test func aCopyIsANewItemSharingProviders() {
        let provider = ItemProvider(item: "x", typeIdentifier: "public.plain-text")
        let item = ExtensionItem(attributedTitle: NSAttributedString(string: "T"), attachments: [provider])
        let copy = item.copy()
        copy.attributedTitle = NSAttributedString(string: "changed")
        #expect(copy != item)
        #expect(item.attributedTitle?.string == "T")
        #expect(copy.attachments?.first === provider)
    }

    @Test func codableCarriesTheShapeNotTheValues() throws {
        let provider = ItemProvider(item: .url(link("https://swift.org")), typeIdentifier: "public.url")
        provider.registerDataRepresentation(forTypeIdentifier: "com.example.secret", visibility: .ownProcess) { _ in nil }
        provider.suggestedName = "Swift"
        let item = ExtensionItem(attributedTitle: NSAttributedString(string: "T"), attributedContentText: NSAttributedString(string: "Swift.org"),
                                 attachments: [provider], userInfo: ["count": 2, "tags": ["a"]])
        let data = try JSONEncoder().encode(item)
        let decoded = try JSONDecoder().decode(ExtensionItem.self, from: data)
        #expect(decoded.attributedTitle?.string == "T")
        #expect(decoded.attributedContentText?.string == "Swift.org")
        #expect(decoded.attachments?.map(\.descriptor) == [.init(registeredTypeIdentifiers: ["public.url"], suggestedName: "Swift")])
        #expect(decoded.userInfo?["count"] as? Int == 2)
        #expect(decoded.userInfo?["tags"] as? [any Sendable] != nil)
    }

    /// Where an item's attributed text goes, and whether its attributes go with it.
    struct TextCase: CustomTestStringConvertible, Sendable {
        let name: String
        /// The text as it arrives, and whether it still has its link attribute.
        let carry: @Sendable (ExtensionItem) throws -> (text: String?, linked: Bool)
        let keepsAttributes: Bool
        var testDescription: String { name }
    }

    static let texts: [TextCase] = [
        TextCase(name: "the property in this process: a copy, attributes kept", carry: { item in
            let text = item.attributedContentText
            return (text?.string, text.map { $0.length > 0 && $0.attribute(.appexMark, at: 0, effectiveRange: nil) != nil } ?? false)
        }, keepsAttributes: true),
        TextCase(name: "userInfo: an AttributedString of the text", carry: { item in
            ((item.userInfo?[ExtensionItem.attributedContentTextKey] as? AttributedString).map { String($0.characters) }, false)
        }, keepsAttributes: false),
        TextCase(name: "Codable (what an item's shape travels as): plain text", carry: { item in
            let decoded = try JSONDecoder().decode(ExtensionItem.self, from: JSONEncoder().encode(item))
            let text = decoded.attributedContentText
            return (text?.string, text.map { $0.length > 0 && $0.attribute(.appexMark, at: 0, effectiveRange: nil) != nil } ?? false)
        }, keepsAttributes: false),
    ]

    @Test("attributedContentText is Apple's NSAttributedString, copied when set", arguments: texts)
    func attributedText(_ c: TextCase) throws {
        let source = NSMutableAttributedString(string: "Swift.org", attributes: [.appexMark: link("https://swift.org")])
        let item = ExtensionItem()
        item.attributedContentText = source
        source.mutableString.setString("changed after it was set")
        let (text, linked) = try c.carry(item)
        #expect(text == "Swift.org")
        #expect(linked == c.keepsAttributes)
    }

    @Test func aNonPropertyListUserInfoValueCannotBeEncoded() {
        struct Opaque: Sendable {}
        let item = ExtensionItem(userInfo: ["opaque": Opaque()])
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(item) }
    }
}

extension NSAttributedString.Key {
    /// An attribute of the tests' own (Foundation on Linux declares few keys).
    static let appexMark = NSAttributedString.Key("com.example.mark")
}
