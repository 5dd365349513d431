import Foundation
import Synchronization

/// One thing a host shares, or an extension returns: Apple's `NSExtensionItem`.
///
/// `attachments` are the things to post (not alternate formats of one thing); each is an
/// ``ItemProvider``. As on Apple platforms the properties are mirrored into ``userInfo``
/// under ``attributedTitleKey``, ``attributedContentTextKey`` and ``attachmentsKey``, and
/// setting `userInfo` with those keys sets the properties.
///
/// ```swift
/// let item = ExtensionItem()
/// item.attributedContentText = AttributedString("Swift.org")
/// item.attachments = [ItemProvider(item: url, typeIdentifier: "public.url")]
/// item.userInfo?[ExtensionItem.attachmentsKey] as? [ItemProvider]   // the same providers
/// ```
///
/// A reference type like `NSExtensionItem`: equality and hashing are by identity, and
/// ``copy()`` makes a new item sharing the same providers. It is `Codable` for transport:
/// see ``encode(to:)`` for what travels.
public final class ExtensionItem: Sendable {
    /// Apple's userInfo key for the title (`NSExtensionItemAttributedTitleKey`).
    public static let attributedTitleKey = "NSExtensionItemAttributedTitleKey"
    /// Apple's userInfo key for the content text (`NSExtensionItemAttributedContentTextKey`).
    public static let attributedContentTextKey = "NSExtensionItemAttributedContentTextKey"
    /// Apple's userInfo key for the attachments (`NSExtensionItemAttachmentsKey`).
    public static let attachmentsKey = "NSExtensionItemAttachmentsKey"

    struct Storage: Sendable {
        var attributedTitle: AttributedString?
        var attributedContentText: AttributedString?
        var attachments: [ItemProvider]?
        /// The userInfo entries other than the mirrored properties.
        var extra: [String: any Sendable]?
    }

    let storage: Mutex<Storage>

    /// Creates an empty item.
    public init() {
        storage = Mutex(Storage())
    }

    /// Creates an item with the given properties.
    public convenience init(attributedTitle: AttributedString? = nil, attributedContentText: AttributedString? = nil,
                            attachments: [ItemProvider]? = nil, userInfo: [String: any Sendable]? = nil) {
        self.init()
        if let userInfo { self.userInfo = userInfo }
        storage.withLock {
            if let attributedTitle { $0.attributedTitle = attributedTitle }
            if let attributedContentText { $0.attributedContentText = attributedContentText }
            if let attachments { $0.attachments = attachments }
        }
    }

    /// The item's title.
    public var attributedTitle: AttributedString? {
        get { storage.withLock { $0.attributedTitle } }
        set { storage.withLock { $0.attributedTitle = newValue } }
    }

    /// The item's content text; Safari puts the page title here.
    public var attributedContentText: AttributedString? {
        get { storage.withLock { $0.attributedContentText } }
        set { storage.withLock { $0.attributedContentText = newValue } }
    }

    /// The item's attachments, in order.
    public var attachments: [ItemProvider]? {
        get { storage.withLock { $0.attachments } }
        set { storage.withLock { $0.attachments = newValue } }
    }

    /// The item's dictionary, with the properties mirrored in under Apple's keys.
    ///
    /// Setting it replaces everything: the mirrored keys set the properties (a title or
    /// content text may be an `AttributedString` or a `String`; attachments must be
    /// `[ItemProvider]`), a missing mirrored key clears its property, and the other
    /// entries are kept as given. `nil` when there is nothing to show.
    public var userInfo: [String: any Sendable]? {
        get {
            storage.withLock { s in
                var info = s.extra ?? [:]
                if let title = s.attributedTitle { info[Self.attributedTitleKey] = title }
                if let text = s.attributedContentText { info[Self.attributedContentTextKey] = text }
                if let attachments = s.attachments { info[Self.attachmentsKey] = attachments }
                return info.isEmpty && s.extra == nil ? nil : info
            }
        }
        set {
            var extra = newValue
            let title = extra?.removeValue(forKey: Self.attributedTitleKey).flatMap(Self.attributed)
            let text = extra?.removeValue(forKey: Self.attributedContentTextKey).flatMap(Self.attributed)
            let attachments = extra?.removeValue(forKey: Self.attachmentsKey) as? [ItemProvider]
            storage.withLock { s in
                s = Storage(attributedTitle: title, attributedContentText: text, attachments: attachments, extra: extra)
            }
        }
    }

    /// A new item with the same properties and the same (shared) providers.
    public func copy() -> ExtensionItem {
        let copy = ExtensionItem()
        let current = storage.withLock { $0 }
        copy.storage.withLock { $0 = current }
        return copy
    }

    private static func attributed(_ value: any Sendable) -> AttributedString? {
        if let value = value as? AttributedString { return value }
        if let value = value as? String { return AttributedString(value) }
        return nil
    }
}

extension ExtensionItem: Hashable {
    /// Identity, as for `NSExtensionItem`.
    public static func == (lhs: ExtensionItem, rhs: ExtensionItem) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension ExtensionItem: CustomStringConvertible {
    /// A one-line summary: title, content text and attachment types.
    public var description: String {
        let s = storage.withLock { $0 }
        var parts: [String] = []
        if let title = s.attributedTitle { parts.append("title: \(String(title.characters).debugDescription)") }
        if let text = s.attributedContentText { parts.append("contentText: \(String(text.characters).debugDescription)") }
        parts.append("attachments: [" + (s.attachments ?? []).map(\.description).joined(separator: ", ") + "]")
        return "ExtensionItem(" + parts.joined(separator: ", ") + ")"
    }
}
