import Foundation

/// The folders of an app's or an extension's data container
/// (``AppexHome/dataContainer(bundleIdentifier:)``), as on iOS.
///
/// ```
/// Documents/    the user's documents
/// Library/      preferences, caches, application support
/// tmp/          temporary files
/// Library/Widgets/NoContent/<widget-id>   a Today widget said to have nothing to show
/// ```
public struct DataContainerLayout: Hashable, Sendable {
    /// The container folder.
    public var root: URL

    /// The layout of the container at `root`.
    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// `APPEX_DATA_CONTAINER`, the variable that hands an app or an extension its container.
    public static let environmentVariable = "APPEX_DATA_CONTAINER"

    /// `Documents/`.
    public var documentsDirectory: URL { root.appendingPathComponent("Documents", isDirectory: true) }

    /// `Library/`.
    public var libraryDirectory: URL { root.appendingPathComponent("Library", isDirectory: true) }

    /// `tmp/`.
    public var temporaryDirectory: URL { root.appendingPathComponent("tmp", isDirectory: true) }

    /// The folders made with the container: `Documents/`, `Library/` and `tmp/`.
    public var standardDirectories: [URL] { [documentsDirectory, libraryDirectory, temporaryDirectory] }

    /// `Library/Widgets/NoContent/`: one empty file per widget that has nothing to show
    /// (Apple's `NCWidgetController.setHasContent(false, …)`).
    public var widgetsWithoutContentDirectory: URL {
        libraryDirectory.appendingPathComponent("Widgets/NoContent", isDirectory: true)
    }

    /// The marker saying that the widget `bundleIdentifier` has nothing to show; `nil` for
    /// an identifier that is not a single path component (empty, `.`, `..`, or with a `/`).
    public func widgetWithoutContentMarker(bundleIdentifier: String) -> URL? {
        guard PlainName.isPlain(bundleIdentifier) else { return nil }
        return widgetsWithoutContentDirectory.appendingPathComponent(bundleIdentifier, isDirectory: false)
    }
}
