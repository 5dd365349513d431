import Foundation

/// The folders of an app group's shared container
/// (``AppexHome/appGroupContainer(groupIdentifier:)``).
///
/// ```
/// Library/Preferences/                   shared defaults: <suite>.sqlite, <suite>.notify
/// Library/Caches/                        caches any member may delete
/// Library/Application Support/ShareInbox/ the share inbox: inbox.sqlite, Files/
/// ```
public struct AppGroupContainerLayout: Hashable, Sendable {
    /// The container folder.
    public var root: URL

    /// The layout of the container at `root`.
    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// `Library/Preferences/`, where shared defaults keep their suites.
    public var preferencesDirectory: URL { root.appendingPathComponent("Library/Preferences", isDirectory: true) }

    /// `Library/Caches/`.
    public var cachesDirectory: URL { root.appendingPathComponent("Library/Caches", isDirectory: true) }

    /// Where a file provider of the group keeps its files (`NSFileProviderManager`'s
    /// `documentStorageURL`, as on iOS).
    public var fileProviderStorageDirectory: URL { root.appendingPathComponent("File Provider Storage", isDirectory: true) }

    /// `Library/Application Support/ShareInbox/`, the share inbox's folder.
    public var shareInboxDirectory: URL {
        root.appendingPathComponent("Library/Application Support/ShareInbox", isDirectory: true)
    }

    /// The folders made with the container: `Library/Preferences/` and `Library/Caches/`.
    public var standardDirectories: [URL] { [preferencesDirectory, cachesDirectory] }
}
