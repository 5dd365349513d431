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
/// item.attributedContentText = NSAttributedString(string: "Swift.org")
/// item.attachments = [ItemProvider(item: url, typeIdentifier: "public.url")]
/// item.userInfo?[ExtensionItem.attachmentsKey] as? [ItemProvider]   // the same providers
/// ```
///
/// The title and content text are Apple's `NSAttributedString`s, copied when set (Apple's
/// `@NSCopying`), attributes included; in ``userInfo`` and wherever an item is encoded or sent
/// to another process they are plain text (Foundation on Linux can neither make an
/// `AttributedString` from an `NSAttributedString` nor encode one).
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
        var attributedTitle: FrozenText?
        var attributedContentText: FrozenText?
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
    public convenience init(attributedTitle: NSAttributedString? = nil, attributedContentText: NSAttributedString? = nil,
                            attachments: [ItemProvider]? = nil, userInfo: [String: any Sendable]? = nil) {
        self.init()
        if let userInfo { self.userInfo = userInfo }
        let title = attributedTitle.map(FrozenText.init), text = attributedContentText.map(FrozenText.init)
        storage.withLock {
            if let title { $0.attributedTitle = title }
            if let text { $0.attributedContentText = text }
            if let attachments { $0.attachments = attachments }
        }
    }

    /// The item's title (`@NSCopying var attributedTitle: NSAttributedString?`): a copy of
    /// what was set.
    public var attributedTitle: NSAttributedString? {
        get { storage.withLock { $0.attributedTitle?.text } }
        set {
            let frozen = newValue.map(FrozenText.init)
            storage.withLock { $0.attributedTitle = frozen }
        }
    }

    /// The item's content text; Safari puts the page title here, a compose sheet the post.
    /// A copy of what was set.
    public var attributedContentText: NSAttributedString? {
        get { storage.withLock { $0.attributedContentText?.text } }
        set {
            let frozen = newValue.map(FrozenText.init)
            storage.withLock { $0.attributedContentText = frozen }
        }
    }

    /// The item's attachments, in order.
    public var attachments: [ItemProvider]? {
        get { storage.withLock { $0.attachments } }
        set { storage.withLock { $0.attachments = newValue } }
    }

    /// The item's dictionary, with the properties mirrored in under Apple's keys.
    ///
    /// The title and content text appear as `AttributedString`s of their text (the values
    /// must be `Sendable`, which `NSAttributedString` is not). Setting it replaces
    /// everything: the mirrored keys set the properties (a title or content text may be an
    /// `AttributedString` or a `String`; attachments must be `[ItemProvider]`), a missing
    /// mirrored key clears its property, and the other entries are kept as given. `nil` when
    /// there is nothing to show.
    public var userInfo: [String: any Sendable]? {
        get {
            storage.withLock { s in
                var info = s.extra ?? [:]
                if let title = s.attributedTitle { info[Self.attributedTitleKey] = AttributedString(title.string) }
                if let text = s.attributedContentText { info[Self.attributedContentTextKey] = AttributedString(text.string) }
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

    private static func attributed(_ value: any Sendable) -> FrozenText? {
        if let value = value as? AttributedString { return FrozenText(String(value.characters)) }
        if let value = value as? String { return FrozenText(value) }
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
        if let title = s.attributedTitle { parts.append("title: \(title.string.debugDescription)") }
        if let text = s.attributedContentText { parts.append("contentText: \(text.string.debugDescription)") }
        parts.append("attachments: [" + (s.attachments ?? []).map(\.description).joined(separator: ", ") + "]")
        return "ExtensionItem(" + parts.joined(separator: ", ") + ")"
    }
}

/// An attributed string no one mutates: a copy made when it is stored, so it can be shared
/// between threads (`NSAttributedString` is not `Sendable` on Linux).
struct FrozenText: @unchecked Sendable {
    /// The copy; never mutated, never handed to code that could mutate it (it is immutable).
    let text: NSAttributedString

    init(_ text: NSAttributedString) {
        self.text = NSAttributedString(attributedString: text)
    }

    init(_ string: String) {
        self.text = NSAttributedString(string: string)
    }

    /// The characters, without attributes.
    var string: String { text.string }
}
