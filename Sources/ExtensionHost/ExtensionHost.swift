import Foundation

/// The system's side of a share: finds the extensions that accept the host's items and
/// runs the chosen one in its own sandboxed process.
///
/// ```swift
/// let host = ExtensionHost(catalog: try ExtensionRegistry(home: .fromEnvironment()))
/// let resolution = try await host.resolve(items, point: ExtensionPoint.share)
/// let report = await host.run(resolution.eligible[0], items: items)
/// ```
public struct ExtensionHost: Sendable {
    /// Where the installed extensions come from.
    public var catalog: any ExtensionCatalog
    /// How extensions are launched and limited.
    public var options: LaunchOptions

    /// A host over `catalog`.
    public init(catalog: any ExtensionCatalog, options: LaunchOptions = LaunchOptions()) {
        self.catalog = catalog
        self.options = options
    }
}
