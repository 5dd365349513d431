import ExtensionWire
import FileProviders
import Foundation

/// An item a file provider serves, as the host knows it: the facts of its
/// `NSFileProviderItem`, checked when they arrived.
public struct ProviderItem: Hashable, Sendable {
    public var identifier: NSFileProviderItemIdentifier
    public var parent: NSFileProviderItemIdentifier
    /// Its name in its folder: one path component, never `.` or `..`.
    public var filename: String
    public var typeIdentifier: String
    /// A folder (its type conforms to `public.folder` or `public.directory`).
    public var isFolder: Bool
    public var capabilities: NSFileProviderItemCapabilities
    /// Its size, when the provider knows it before providing the file.
    public var size: Int64?
    public var childCount: Int?
    public var created: Date?
    public var modified: Date?
    public var version: Data?

    /// The most bytes of a name (Linux's `NAME_MAX`) and of an identifier the host keeps.
    public static let maximumNameBytes = 255
    public static let maximumIdentifierBytes = 1024

    /// The item `wire` describes, or what is wrong with it.
    init(_ wire: WireProviderItem) throws(ProviderItemProblem) {
        guard !wire.identifier.isEmpty, wire.identifier.utf8.count <= Self.maximumIdentifierBytes,
              wire.parent.utf8.count <= Self.maximumIdentifierBytes else {
            throw ProviderItemProblem("an item identifier that is empty or longer than \(Self.maximumIdentifierBytes) bytes")
        }
        let name = wire.filename
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains("\0"),
              name.utf8.count <= Self.maximumNameBytes else {
            throw ProviderItemProblem("the item \(wire.identifier.debugDescription) with the name \(String(name.prefix(80)).debugDescription), "
                                      + "which is not one path component of at most \(Self.maximumNameBytes) bytes")
        }
        if let size = wire.size, size < 0 {
            throw ProviderItemProblem("the item \(wire.identifier.debugDescription) with a size of \(size) bytes")
        }
        identifier = NSFileProviderItemIdentifier(wire.identifier)
        parent = NSFileProviderItemIdentifier(wire.parent)
        filename = name
        typeIdentifier = String(wire.typeIdentifier.prefix(Self.maximumNameBytes))
        isFolder = wire.isFolder
        capabilities = NSFileProviderItemCapabilities(rawValue: UInt(truncatingIfNeeded: wire.capabilities))
        size = wire.size
        childCount = wire.childCount
        created = wire.created.flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0) : nil }
        modified = wire.modified.flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0) : nil }
        version = wire.version.map { $0.prefix(256) }
    }

    /// An item made by the host itself (tests, the root).
    public init(identifier: NSFileProviderItemIdentifier, parent: NSFileProviderItemIdentifier, filename: String,
                typeIdentifier: String, isFolder: Bool, capabilities: NSFileProviderItemCapabilities = .allowsAll,
                size: Int64? = nil, childCount: Int? = nil, created: Date? = nil, modified: Date? = nil, version: Data? = nil) {
        self.identifier = identifier
        self.parent = parent
        self.filename = filename
        self.typeIdentifier = typeIdentifier
        self.isFolder = isFolder
        self.capabilities = capabilities
        self.size = size
        self.childCount = childCount
        self.created = created
        self.modified = modified
        self.version = version
    }
}

/// What was wrong with an item a provider sent (a protocol violation).
struct ProviderItemProblem: Error {
    let text: String
    init(_ text: String) { self.text = text }
}

/// One page of a folder's listing.
public struct ProviderPage: Sendable {
    /// The items, in the provider's order.
    public var items: [ProviderItem]
    /// Where the next page starts; `nil` at the end.
    public var nextPage: NSFileProviderPage?
}
