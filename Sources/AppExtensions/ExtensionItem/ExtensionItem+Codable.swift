import Foundation

extension ExtensionItem: Codable {
    enum CodingKeys: String, CodingKey {
        case attributedTitle, attributedContentText, attachments, userInfo
    }

    /// Encodes the item's shape for transport.
    ///
    /// The title and content text travel as plain text (attributes are dropped: Foundation
    /// on Linux cannot encode them). Attachments travel as their
    /// ``ItemProvider/Descriptor`` (types, suggested name, preview flag): values do not
    /// travel in this form. The other userInfo entries must be property-list values
    /// (anything ``ItemProviderValue/init(any:)`` accepts).
    /// - Throws: `EncodingError.invalidValue` naming a userInfo key whose value is not one.
    public func encode(to encoder: any Encoder) throws {
        let s = storage.withLock { $0 }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(s.attributedTitle?.string, forKey: .attributedTitle)
        try container.encodeIfPresent(s.attributedContentText?.string, forKey: .attributedContentText)
        try container.encodeIfPresent(s.attachments?.map(\.descriptor), forKey: .attachments)
        if let extra = s.extra {
            var values: [String: ItemProviderValue] = [:]
            for (key, value) in extra {
                guard let converted = ItemProviderValue(any: value) else {
                    throw EncodingError.invalidValue(value, .init(
                        codingPath: encoder.codingPath + [CodingKeys.userInfo],
                        debugDescription: "userInfo[\"\(key)\"] is a \(type(of: value)), not a property-list value"))
                }
                values[key] = converted
            }
            try container.encode(values, forKey: .userInfo)
        }
    }

    /// Decodes an item; its attachments are ``ItemProvider/init(describing:)`` providers
    /// that offer the encoded types but hold no values.
    public convenience init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let title = try container.decodeIfPresent(String.self, forKey: .attributedTitle)
        let text = try container.decodeIfPresent(String.self, forKey: .attributedContentText)
        let attachments = try container.decodeIfPresent([ItemProvider.Descriptor].self, forKey: .attachments)
        let extra = try container.decodeIfPresent([String: ItemProviderValue].self, forKey: .userInfo)
        storage.withLock { s in
            s.attributedTitle = title.map(FrozenText.init)
            s.attributedContentText = text.map(FrozenText.init)
            s.attachments = attachments?.map(ItemProvider.init(describing:))
            s.extra = extra?.mapValues(\.anyValue)
        }
    }
}
