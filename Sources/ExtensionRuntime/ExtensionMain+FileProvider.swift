import AppExtensions
import ExtensionIPC
import ExtensionWire
import FileProviders
import Foundation

extension ExtensionMain {
    /// Runs a file provider; never returns.
    ///
    /// ```swift
    /// // main.swift: NSExtensionPrincipalClass names FileProviderExtension, as on iOS
    /// ExtensionMain.run(fileProvider: { FileProviderExtension() })
    /// ```
    ///
    /// The runtime makes the provider on the main actor once the host's request arrives,
    /// connects ``NSFileProviderManager/default`` to the host (its storage folder, its
    /// signals), and answers the host's calls, several at once, each on the main actor:
    /// items, listings, files provided as descriptors, changes, imports, folders, renames,
    /// moves and deletions (docs/STORAGE-PROVIDERS.md). The process lives until the host
    /// closes the channel.
    public static func run(fileProvider makeProvider: @escaping @MainActor @Sendable () -> NSFileProviderExtension) -> Never {
        runProcess { await serve(fileProvider: makeProvider) }
    }

    /// A file provider (a subclass of `NSFileProviderExtension`): as ``run(fileProvider:)``.
    public static func run(principalClass make: @escaping @MainActor @Sendable () -> NSFileProviderExtension) -> Never {
        run(fileProvider: make)
    }

    static func serve(fileProvider makeProvider: @escaping @MainActor @Sendable () -> NSFileProviderExtension) async -> Int32 {
        await serveRequest { connection, _ in
            guard let setup = connection.state.withLock({ $0.fileProvider }) else {
                throw RuntimeError(.protocolFailure, "the host's request is not for a file provider (it carries no storage folder)")
            }
            NSFileProviderManager.default.connect(storage: URL(fileURLWithPath: setup.documentStorage, isDirectory: true),
                                                  identifier: setup.providerIdentifier) { container, completion in
                connection.submit {
                    do {
                        try await connection.send(.fileProviderSignal(FileProviderSignal(container: container.rawValue)))
                        completion(nil)
                    } catch {
                        completion(error)
                    }
                }
            }
            let box = await MainActor.run { ProviderBox(makeProvider()) }
            connection.acceptFileProviderCalls(box)
            return box
        }
    }
}
