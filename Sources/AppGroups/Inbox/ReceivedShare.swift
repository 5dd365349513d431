import Foundation

/// A share as the containing app receives it from the ``ShareInbox``.
public struct ReceivedShare: Hashable, Sendable, Identifiable {
    /// The id ``ShareInbox/append(_:)`` returned; ids increase in append order and are
    /// never reused.
    public var id: Int64
    /// When the share was appended.
    public var createdAt: Date
    /// See ``InboxShare/text``.
    public var text: String?
    /// See ``InboxShare/configuration``.
    public var configuration: [String: String]
    /// See ``InboxShare/sourceExtensionIdentifier``.
    public var sourceExtensionIdentifier: String?
    /// The attachments, in order; files are inside the group container.
    public var attachments: [ReceivedAttachment]
    /// 1 on the first delivery; more when an earlier lease ended without an
    /// acknowledgment (a crash, a handler error, an expired lease), so the app can tell a
    /// possible repeat of its own work.
    public var deliveryAttempt: Int
}

/// One attachment of a ``ReceivedShare``.
public struct ReceivedAttachment: Hashable, Sendable {
    /// The bytes: a file in the container's inbox (valid until the share is acknowledged),
    /// or the inline data.
    public var content: InboxAttachment.Content
    /// The uniform type identifier of the bytes.
    public var typeIdentifier: String
    /// The name the extension suggested.
    public var suggestedName: String?
}

/// A share taken by one consumer for a while: until ``expiresAt`` no other consumer gets it.
public struct ShareLease: Hashable, Sendable {
    /// The share.
    public var share: ReceivedShare
    /// Proves this consumer holds the lease when acknowledging.
    public var token: String
    /// When another consumer may take the share.
    public var expiresAt: Date
}

/// Where a share is in its life.
public enum ShareStatus: Hashable, Sendable {
    /// Appended and not yet taken, or its lease expired.
    case pending
    /// Taken by a consumer until the date.
    case leased(until: Date)
    /// Delivered; it never comes back.
    case acknowledged
    /// No share has this id.
    case unknown
}

/// What ``ShareInbox/recover()`` cleaned up.
public struct InboxRecoveryReport: Hashable, Sendable {
    /// Files in the inbox folder that no pending share refers to (left by an append killed
    /// before its commit, or an acknowledgment killed before it removed them), now removed.
    public var removedFiles: [String]
}
