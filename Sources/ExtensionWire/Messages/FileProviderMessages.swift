import Foundation

/// Host → extension: one call of the file provider's API (docs/WIRE.md, "File providers").
/// Calls may overlap; each is answered by a ``FileProviderReply`` with its `callID`.
package struct FileProviderCall: Codable, Hashable, Sendable {
    /// Which method.
    package enum Operation: String, Codable, Hashable, Sendable {
        /// `item(for:)` of ``identifier``.
        case item
        /// A page of ``identifier``'s enumerator (`enumerateItems(for:startingAt:)`) from ``page``.
        case enumerate
        /// `startProvidingItem(at:)` of ``identifier``'s file; the reply carries the file
        /// opened read-only, or read-write when ``writable``.
        case provide
        /// `itemChanged(at:)` of ``identifier``'s file.
        case changed
        /// `stopProvidingItem(at:)` of ``identifier``'s file.
        case stop
        /// `importDocument(at:toParentItemIdentifier:)`: the call carries the new file
        /// (read-only), named ``name``, for ``parent``.
        case importDocument = "import"
        /// `createDirectory(withName:inParentItemIdentifier:)`.
        case createDirectory = "create-directory"
        /// `renameItem(withIdentifier:toName:)`.
        case rename
        /// `reparentItem(withIdentifier:toParentItemWithIdentifier:newName:)`.
        case reparent
        /// `deleteItem(withIdentifier:)`.
        case delete
    }

    /// Chosen by the host; the reply carries it back.
    package var callID: Int
    package var operation: Operation
    /// The item the call is about.
    package var identifier: String?
    /// The folder, for import, create-directory and reparent.
    package var parent: String?
    /// A name: the new item's, the new folder's, the new name.
    package var name: String?
    /// Where an enumeration resumes.
    package var page: Data?
    /// For provide: whether the file is opened for writing too.
    package var writable: Bool?

    package init(callID: Int, operation: Operation, identifier: String? = nil, parent: String? = nil, name: String? = nil,
                 page: Data? = nil, writable: Bool? = nil) {
        self.callID = callID
        self.operation = operation
        self.identifier = identifier
        self.parent = parent
        self.name = name
        self.page = page
        self.writable = writable
    }
}

/// An item as it crosses the wire: `NSFileProviderItem`'s facts the host uses.
package struct WireProviderItem: Codable, Hashable, Sendable {
    package var identifier: String
    package var parent: String
    package var filename: String
    package var typeIdentifier: String
    /// Whether the type conforms to `public.folder` (or `public.directory`).
    package var isFolder: Bool
    /// `NSFileProviderItemCapabilities`' bits (an `Int`: the wire's encoder has no `UInt`).
    package var capabilities: Int
    package var size: Int64?
    package var childCount: Int?
    /// Seconds since 1970.
    package var created: Double?
    /// Seconds since 1970.
    package var modified: Double?
    package var version: Data?

    package init(identifier: String, parent: String, filename: String, typeIdentifier: String, isFolder: Bool,
                 capabilities: Int, size: Int64? = nil, childCount: Int? = nil, created: Double? = nil,
                 modified: Double? = nil, version: Data? = nil) {
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

/// Extension → host: the answer to a ``FileProviderCall``. A provide that succeeded
/// carries one descriptor, the item's file.
package struct FileProviderReply: Codable, Hashable, Sendable {
    package var callID: Int
    /// Why the call failed (the provider's error, domain and code kept).
    package var error: WireError?
    /// The item (item, import, create-directory, rename, reparent) or a page's items
    /// (enumerate).
    package var items: [WireProviderItem]?
    /// Where the next page starts; absent at the end.
    package var nextPage: Data?

    package init(callID: Int, error: WireError? = nil, items: [WireProviderItem]? = nil, nextPage: Data? = nil) {
        self.callID = callID
        self.error = error
        self.items = items
        self.nextPage = nextPage
    }
}

/// Extension → host: `signalEnumerator(for:)`: what ``container`` holds changed.
package struct FileProviderSignal: Codable, Hashable, Sendable {
    package var container: String

    package init(container: String) {
        self.container = container
    }
}

/// For a file provider: what its ``BeginRequest`` says about where it keeps its files.
package struct FileProviderSetup: Codable, Hashable, Sendable {
    /// The provider's bundle identifier.
    package var providerIdentifier: String
    /// `File Provider Storage` in the app group its Info.plist names, as a path the
    /// extension sees.
    package var documentStorage: String

    package init(providerIdentifier: String, documentStorage: String) {
        self.providerIdentifier = providerIdentifier
        self.documentStorage = documentStorage
    }
}
