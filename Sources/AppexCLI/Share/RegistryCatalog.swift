import ExtensionHost
import ExtensionRegistry

/// Opens the registry of a home as the host's catalog.
enum RegistryCatalog {
    static func open(_ home: AppexHome) throws(CommandFailure) -> ExtensionRegistry {
        do {
            return try ExtensionRegistry(home: home)
        } catch {
            throw CommandFailure("cannot open the registry in \(home.root.path): \(error.message)")
        }
    }
}
