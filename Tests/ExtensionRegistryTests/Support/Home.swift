import ExtensionHost
import ExtensionRegistry
import Foundation

/// A registry in `<dir>/home`.
func makeRegistry(in dir: URL) throws -> ExtensionRegistry {
    try ExtensionRegistry(home: AppexHome(root: dir.appendingPathComponent("home")))
}

extension ExtensionRegistry {
    /// The identifiers of the installed extensions, in the user's order.
    func identifiers() throws -> [String] { try installedExtensions().map(\.identifier) }

    /// The home's files, the registry's own files left out: what an install may change.
    func bundleAndContainerTree() -> [String] {
        fileTree(home.root).filter { !$0.hasPrefix("registry.") }
    }
}
