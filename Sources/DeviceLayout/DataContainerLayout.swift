import Foundation

/// The folders of an app's or an extension's data container
/// (``AppexHome/dataContainer(bundleIdentifier:)``), as on iOS.
///
/// ```
/// Documents/    the user's documents
/// Library/      preferences, caches, application support
/// tmp/          temporary files
/// ```
public struct DataContainerLayout: Hashable, Sendable {
    /// The container folder.
    public var root: URL

    /// The layout of the container at `root`.
    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// `Documents/`.
    public var documentsDirectory: URL { root.appendingPathComponent("Documents", isDirectory: true) }

    /// `Library/`.
    public var libraryDirectory: URL { root.appendingPathComponent("Library", isDirectory: true) }

    /// `tmp/`.
    public var temporaryDirectory: URL { root.appendingPathComponent("tmp", isDirectory: true) }

    /// The folders made with the container: `Documents/`, `Library/` and `tmp/`.
    public var standardDirectories: [URL] { [documentsDirectory, libraryDirectory, temporaryDirectory] }
}
