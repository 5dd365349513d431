import Foundation

/// An item a file provider serves, a file or a folder (Apple's `NSFileProviderItemProtocol`,
/// iOS 11's form).
///
/// Only the identifiers, the name and the type are required, as on iOS; every other
/// property has a default (Apple's optional requirements), so an item written for iOS
/// compiles unchanged.
///
/// ```swift
/// final class NoteItem: NSObject, NSFileProviderItem {
///     let itemIdentifier: NSFileProviderItemIdentifier
///     let parentItemIdentifier: NSFileProviderItemIdentifier = .rootContainer
///     let filename: String
///     let typeIdentifier = "net.daringfireball.markdown"
///     var documentSize: NSNumber? { … }
/// }
/// ```
public protocol NSFileProviderItemProtocol: NSObjectProtocol {
    /// The item's identifier, stable for its life.
    var itemIdentifier: NSFileProviderItemIdentifier { get }
    /// The folder it is in (``NSFileProviderItemIdentifier/rootContainer`` at the top).
    var parentItemIdentifier: NSFileProviderItemIdentifier { get }
    /// Its name in that folder.
    var filename: String { get }
    /// Its uniform type identifier; `public.folder` (or a type conforming to it) makes it a folder.
    var typeIdentifier: String { get }
    /// What may be done with it (everything by default).
    var capabilities: NSFileProviderItemCapabilities { get }
    /// Its size in bytes, when known before it is downloaded.
    var documentSize: NSNumber? { get }
    /// A folder's number of items, when known.
    var childItemCount: NSNumber? { get }
    /// When it was made.
    var creationDate: Date? { get }
    /// When its content last changed.
    var contentModificationDate: Date? { get }
    /// When it was last used.
    var lastUsedDate: Date? { get }
    /// Whether it is in the trash.
    var isTrashed: Bool { get }
    /// Whether its content is on this machine.
    var isDownloaded: Bool { get }
    /// Whether the content on this machine is the newest.
    var isMostRecentVersionDownloaded: Bool { get }
    /// Whether its content has reached the server.
    var isUploaded: Bool { get }
    /// A version the provider chooses, so that a change is seen even when the size and
    /// the date stay.
    var versionIdentifier: Data? { get }
}

/// Apple's name for an item: the protocol, as Swift imports `id<NSFileProviderItem>`.
public typealias NSFileProviderItem = NSFileProviderItemProtocol

extension NSFileProviderItemProtocol {
    public var capabilities: NSFileProviderItemCapabilities { .allowsAll }
    public var documentSize: NSNumber? { nil }
    public var childItemCount: NSNumber? { nil }
    public var creationDate: Date? { nil }
    public var contentModificationDate: Date? { nil }
    public var lastUsedDate: Date? { nil }
    public var isTrashed: Bool { false }
    public var isDownloaded: Bool { false }
    public var isMostRecentVersionDownloaded: Bool { true }
    public var isUploaded: Bool { true }
    public var versionIdentifier: Data? { nil }
}
