/// An activation rule written as a dictionary of `NSExtensionActivationSupports…` keys.
///
/// Values of the wrong type and unknown keys are kept in ``ignored`` rather than dropped,
/// so that explanations can say why a key did not count (docs/ACTIVATION.md, rulings
/// 13 and 14: a wrong-typed value counts as absent; an unknown key is ignored).
public struct DictionaryActivationRule: Hashable, Sendable, Codable {
    /// The maximum count per kind, for the keys present with a usable value (0 included).
    /// Text is not here: see ``supportsText``.
    public var maximumCounts: [AttachmentKind: Int]
    /// `NSExtensionActivationSupportsText`; `nil` when absent.
    public var supportsText: Bool?
    /// `NSExtensionActivationSupportsAttachmentsWithMinCount`; `nil` means the default, 1.
    public var attachmentsMinimum: Int?
    /// `NSExtensionActivationSupportsAttachmentsWithMaxCount`; `nil` means no limit.
    public var attachmentsMaximum: Int?
    /// `NSExtensionActivationDictionaryVersion`; `nil` means 1.
    public var version: Int?
    /// `NSExtensionActivationUsesStrictMatching`; `nil` means false.
    public var usesStrictMatching: Bool?
    /// Keys that did not count, with the reason.
    public var ignored: [IgnoredKey]

    /// A key of the rule that did not count.
    public struct IgnoredKey: Hashable, Sendable, Codable {
        /// The key as written.
        public var key: String
        /// Why it did not count ("is a string, expected a number").
        public var reason: String

        /// Creates an entry.
        public init(key: String, reason: String) {
            self.key = key
            self.reason = reason
        }
    }

    /// Creates a rule.
    public init(maximumCounts: [AttachmentKind: Int] = [:], supportsText: Bool? = nil,
                attachmentsMinimum: Int? = nil, attachmentsMaximum: Int? = nil,
                version: Int? = nil, usesStrictMatching: Bool? = nil, ignored: [IgnoredKey] = []) {
        self.maximumCounts = maximumCounts
        self.supportsText = supportsText
        self.attachmentsMinimum = attachmentsMinimum
        self.attachmentsMaximum = attachmentsMaximum
        self.version = version
        self.usesStrictMatching = usesStrictMatching
        self.ignored = ignored
    }

    /// The documented keys (apple-semantics.md §1.2).
    public static let knownKeys: Set<String> = Set(AttachmentKind.allCases.map(\.activationKey)).union([
        attachmentsMinimumKey, attachmentsMaximumKey, versionKey, strictMatchingKey,
    ])
    /// `NSExtensionActivationSupportsAttachmentsWithMinCount`.
    public static let attachmentsMinimumKey = "NSExtensionActivationSupportsAttachmentsWithMinCount"
    /// `NSExtensionActivationSupportsAttachmentsWithMaxCount`.
    public static let attachmentsMaximumKey = "NSExtensionActivationSupportsAttachmentsWithMaxCount"
    /// `NSExtensionActivationDictionaryVersion`.
    public static let versionKey = "NSExtensionActivationDictionaryVersion"
    /// `NSExtensionActivationUsesStrictMatching`.
    public static let strictMatchingKey = "NSExtensionActivationUsesStrictMatching"

    /// Whether the rule supports a kind: its key present and non-zero (`SupportsText` true).
    public func supports(_ kind: AttachmentKind) -> Bool {
        kind == .text ? supportsText == true : (maximumCounts[kind] ?? 0) > 0
    }

    /// The most attachments of a kind the rule accepts; `nil` means no limit (text).
    public func maximum(for kind: AttachmentKind) -> Int? {
        kind == .text ? nil : (maximumCounts[kind] ?? 0)
    }

    /// The matching behaviour in effect: version 1 (strict, every attachment) or 2 (fuzzy).
    public var effectiveVersion: Int { (version ?? 1) >= 2 ? 2 : 1 }

    /// Whether the rule can accept anything at all.
    public var acceptsSomething: Bool { AttachmentKind.allCases.contains(where: supports) }
}
