import AppExtensions
import Foundation

/// An input item as the extension process first sees it: text, userInfo, and each
/// attachment as its ``ItemProvider/Descriptor`` (types, suggested name, preview), with no
/// values. The runtime turns each attachment into a provider whose loads go to the host.
package struct WireItem: Codable, Hashable, Sendable {
    /// The title, as plain text.
    package var title: String?
    /// The content text, as plain text.
    package var contentText: String?
    /// The attachments' descriptions, in order.
    package var attachments: [ItemProvider.Descriptor]
    /// Property-list userInfo entries other than the standard keys.
    package var userInfo: [String: ItemProviderValue]

    /// Creates an item.
    package init(title: String? = nil, contentText: String? = nil,
                attachments: [ItemProvider.Descriptor] = [], userInfo: [String: ItemProviderValue] = [:]) {
        self.title = title
        self.contentText = contentText
        self.attachments = attachments
        self.userInfo = userInfo
    }

    /// The wire form of `item`; userInfo entries that are not property-list values are
    /// left out.
    package init(_ item: ExtensionItem) {
        var extra: [String: ItemProviderValue] = [:]
        for (key, value) in item.userInfo ?? [:] where !WireItem.standardKeys.contains(key) {
            if let converted = ItemProviderValue(any: value) { extra[key] = converted }
        }
        self.init(title: item.attributedTitle?.string,
                  contentText: item.attributedContentText?.string,
                  attachments: (item.attachments ?? []).map(\.descriptor), userInfo: extra)
    }

    /// The userInfo keys that travel in their own fields.
    static let standardKeys: Set<String> = [ExtensionItem.attributedTitleKey, ExtensionItem.attributedContentTextKey,
                                            ExtensionItem.attachmentsKey]

    /// An item with these texts and userInfo whose attachments are `providers`.
    package func makeItem(attachments providers: [ItemProvider]) -> ExtensionItem {
        let item = ExtensionItem()
        item.attributedTitle = title.map { NSAttributedString(string: $0) }
        item.attributedContentText = contentText.map { NSAttributedString(string: $0) }
        if !userInfo.isEmpty {
            var info = item.userInfo ?? [:]
            for (key, value) in userInfo { info[key] = value.anyValue }
            item.userInfo = info
        }
        item.attachments = providers.isEmpty && attachments.isEmpty ? nil : providers
        return item
    }
}
