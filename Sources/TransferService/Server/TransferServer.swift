import TransferWire
import CAppexSystem
import DeviceLayout
import ExtensionIPC
import Foundation
import Glibc
import SystemSupport

/// `appex transfers serve`: accepts clients on the service's socket and answers them
/// until it has been idle for ``TransferServiceConfiguration/idleExit``.
///
/// The listening socket comes ready (descriptor 3 from ``TransferServiceStarter`` or
/// systemd's socket activation), or the server binds it itself. Accepting runs on the
/// process's ``EventLoop``: the listener is registered for readability, and each ready
/// connection becomes a ``Channel`` served by a child task of ``run()``.
package struct TransferServer: Sendable {
    package var home: AppexHome
    package var configuration: TransferServiceConfiguration
    package var identity: CallerIdentity

    package init(home: AppexHome, configuration: TransferServiceConfiguration, administrators: [String] = [],
                 identifyApplication: @escaping @Sendable (String) throws(TransferFailure) -> TransferCaller?) {
        self.home = home
        self.configuration = configuration
        identity = CallerIdentity(layout: TransferServiceLayout(home: home), administrators: administrators,
                                  identifyApplication: identifyApplication)
    }

    /// Serves on `listener` (or a socket it binds) until idle, or until its folder is
    /// removed; throws when another service already runs for this home or the store cannot
    /// be opened.
    package func run(listener inherited: Int32?) async throws(TransferServiceError) {
        let layout = TransferServiceLayout(home: home)
        try TransferServiceStarter.prepareFolders(layout, creatingHome: inherited == nil)
        let held: HeldFileLock?
        do {
            held = try FileLock(url: layout.serveLock).acquireIfFree()
        } catch {
            throw TransferServiceError(.unavailable, error.message)
        }
        guard let held else {
            throw TransferServiceError(.unavailable, "a transfer service already runs for \(home.root.path) (it holds \(layout.serveLock.path))")
        }
        // The lock file names the process holding it, for people and tests (`kill`). Only a
        // convenience: the lock itself is the flock, which a failed write does not touch.
        try? "\(getpid())\n".write(to: layout.serveLock, atomically: false, encoding: .utf8)
        let listener: Int32
        if let inherited { listener = inherited } else { listener = try Self.bind(layout.socket) }
        let flags = fcntl(listener, F_GETFL)
        _ = fcntl(listener, F_SETFL, flags | O_NONBLOCK)
        _ = fcntl(listener, F_SETFD, FD_CLOEXEC)
        let store: TransferStore
        do {
            store = try TransferStore(url: layout.database, busyTimeout: configuration.storeBusyTimeout)
        } catch {
            throw TransferServiceError(.unavailable, "cannot open the transfer store: \(error.message)")
        }
        let health = ServiceHealth()
        let coordinator = try TransferCoordinator(home: home, store: store, configuration: configuration, health: health)
        do {
            try await coordinator.resumeUnfinished()
        } catch {
            throw TransferServiceError(.unavailable, "cannot read the transfer store \(layout.database.path): \(error)")
        }
        let accepted = try AcceptedConnections(listener: listener, health: health)
        let removal = try RemovalWatch(folder: layout.root.path,
                                       names: [layout.database.lastPathComponent, layout.serveLock.lastPathComponent])
        defer { removal.stop() }
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await _ in coordinator.idle { break }
                accepted.stop()
            }
            group.addTask {
                for await conditions in health.changes { await coordinator.tellConditions(conditions) }
            }
            group.addTask {
                for await _ in removal.removed {
                    ServiceHealth.log("\(layout.root.path), its store or its lock was removed or moved: the service ends")
                    accepted.stop()
                    break
                }
            }
            var nextID = 1
            for await socket in accepted.stream {
                let id = nextID
                nextID += 1
                group.addTask { await serve(socket, id: id, coordinator: coordinator) }
            }
            group.cancelAll()
        }
        await coordinator.shutdown()
        close(listener)
        withExtendedLifetime(held) {}
    }

    private static func bind(_ socket: URL) throws(TransferServiceError) -> Int32 {
        unlink(socket.path)
        var fd: Int32 = -1
        let result = appex_unix_listen(socket.path, 128, &fd)
        guard result == 0 else {
            throw TransferServiceError(.unavailable, "cannot listen on \(socket.path): \(SystemErrorText.text(result))")
        }
        return fd
    }
}
