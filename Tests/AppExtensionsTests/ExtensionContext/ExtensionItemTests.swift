import Foundation
import Testing
import AppExtensions

@Suite struct ExtensionItemTests {
    @Test func propertiesAreMirroredIntoUserInfo() throws {
        let provider = ItemProvider(item: "x", typeIdentifier: "public.plain-text")
        let item = ExtensionItem()
        #expect(item.userInfo == nil)
        item.attributedTitle = AttributedString("Title")
        item.attachments = [provider]
        let info = try #require(item.userInfo)
        #expect(info[ExtensionItem.attributedTitleKey] as? AttributedString == AttributedString("Title"))
        #expect((info[ExtensionItem.attachmentsKey] as? [ItemProvider])?.first === provider)
        #expect(info[ExtensionItem.attributedContentTextKey] == nil)
    }

    @Test func settingUserInfoSetsTheProperties() {
        let provider = ItemProvider(item: "x", typeIdentifier: "public.plain-text")
        let item = ExtensionItem(attributedTitle: AttributedString("old"))
        item.userInfo = [
            ExtensionItem.attributedContentTextKey: "Page title",
            ExtensionItem.attachmentsKey: [provider],
            "com.example.flag": true,
        ]
        #expect(item.attributedTitle == nil, "a missing mirrored key clears its property")
        #expect(item.attributedContentText == AttributedString("Page title"))
        #expect(item.attachments?.count == 1)
        #expect(item.userInfo?["com.example.flag"] as? Bool == true)
    }

    @Test func aCopyIsANewItemSharingProviders() {
        let provider = ItemProvider(item: "x", typeIdentifier: "public.plain-text")
        let item = ExtensionItem(attributedTitle: AttributedString("T"), attachments: [provider])
        let copy = item.copy()
        copy.attributedTitle = AttributedString("changed")
        #expect(copy != item)
        #expect(item.attributedTitle == AttributedString("T"))
        #expect(copy.attachments?.first === provider)
    }

    @Test func codableCarriesTheShapeNotTheValues() throws {
        let provider = ItemProvider(item: .url(link("https://swift.org")), typeIdentifier: "public.url")
        provider.registerDataRepresentation(forTypeIdentifier: "com.example.secret", visibility: .ownProcess) { _ in nil }
        provider.suggestedName = "Swift"
        let item = ExtensionItem(attributedTitle: AttributedString("T"), attributedContentText: AttributedString("Swift.org"),
                                 attachments: [provider], userInfo: ["count": 2, "tags": ["a"]])
        let data = try JSONEncoder().encode(item)
        let decoded = try JSONDecoder().decode(ExtensionItem.self, from: data)
        #expect(decoded.attributedTitle == AttributedString("T"))
        #expect(decoded.attributedContentText == AttributedString("Swift.org"))
        #expect(decoded.attachments?.map(\.descriptor) == [.init(registeredTypeIdentifiers: ["public.url"], suggestedName: "Swift")])
        #expect(decoded.userInfo?["count"] as? Int == 2)
        #expect(decoded.userInfo?["tags"] as? [any Sendable] != nil)
    }

    @Test func aNonPropertyListUserInfoValueCannotBeEncoded() {
        struct Opaque: Sendable {}
        let item = ExtensionItem(userInfo: ["opaque": Opaque()])
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(item) }
    }
}
