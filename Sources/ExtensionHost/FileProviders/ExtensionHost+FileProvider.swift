import AppExtensions
import ExtensionManifest
import ExtensionWire
import FileProviders
import Foundation

extension ExtensionHost {
    /// Runs the file provider `installed` for as long as `body` runs.
    ///
    /// The provider learns its storage folder, `File Provider Storage` in the app group its
    /// Info.plist names (`NSExtensionFileProviderDocumentGroup`, else its first app group),
    /// created if need be. Its process lives as long as `body`, without the wall-clock limit
    /// other extensions have; each call has its own limit instead (the `within:` of the
    /// session's calls), past which the provider is taken to hang and is ended. A provider
    /// that ended fails every call after (``FileProviderCallError/Code/providerEnded``):
    /// start another session to go on.
    package func withFileProvider<Result, Failure: Error>(
        _ installed: InstalledExtension, _ body: (ExtensionSession) async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        var host = self
        host.options.wallClock = nil
        let setup = Self.fileProviderSetup(for: installed)
        return try await host.withSession(installed, items: [], configuration: nil, keyboard: nil, fileProvider: setup, body)
    }

    /// Where `installed` keeps its files: `File Provider Storage` in its document group's
    /// container (made if missing); `nil` when it has no app group.
    package static func fileProviderSetup(for installed: InstalledExtension) -> FileProviderSetup? {
        let declared = installed.declaration?.fileProviderDocumentGroup
        guard let group = declared ?? installed.appGroupContainers.keys.sorted().first,
              let container = installed.appGroupContainers[group] else { return nil }
        let storage = AppGroupContainerLayout(root: container).fileProviderStorageDirectory
        try? FileManager.default.createDirectory(at: storage, withIntermediateDirectories: true) // a failure shows when the provider writes
        return FileProviderSetup(providerIdentifier: installed.identifier, documentStorage: storage.path)
    }
}
