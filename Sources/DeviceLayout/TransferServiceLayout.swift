import Foundation

/// The transfer service's folder (``AppexHome/transfersDirectory``).
///
/// ```
/// run/transfers.sock    the service's socket; run/ is shown read-only inside extensions' sandboxes
/// transfers.sqlite      tasks and undelivered events (WAL)
/// serve.lock            held (flock) by the one running service
/// start.lock            held while a client starts the service
/// Launches/<token>      a launched extension's grant: who it is and which app groups it may name
/// Spool/                uploads' files, kept by a hard link (or a copy) until their task ends
/// Partial/              downloads in progress, moved into the app group's container when done
/// ```
public struct TransferServiceLayout: Hashable, Sendable {
    /// The folder.
    public var root: URL

    /// The layout of the folder at `root`.
    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// The layout inside `home`.
    public init(home: AppexHome) {
        self.init(root: home.transfersDirectory)
    }

    /// `run/`, the folder of the socket alone, which extensions see read-only.
    public var socketDirectory: URL { root.appendingPathComponent("run", isDirectory: true) }
    /// `run/transfers.sock`.
    public var socket: URL { socketDirectory.appendingPathComponent("transfers.sock", isDirectory: false) }
    /// `transfers.sqlite`.
    public var database: URL { root.appendingPathComponent("transfers.sqlite", isDirectory: false) }
    /// `serve.lock`, held by the running service for its whole life.
    public var serveLock: URL { root.appendingPathComponent("serve.lock", isDirectory: false) }
    /// `service.log`: the service's standard output and error when the starter runs it (its
    /// conditions, each retry and why).
    public var serviceLog: URL { root.appendingPathComponent("service.log", isDirectory: false) }
    /// `start.lock`, held by a client while it checks for the service and starts it.
    public var startLock: URL { root.appendingPathComponent("start.lock", isDirectory: false) }
    /// `Launches/`, one file per running extension that may use the service.
    public var launchesDirectory: URL { root.appendingPathComponent("Launches", isDirectory: true) }
    /// `Spool/`, uploads' bodies.
    public var spoolDirectory: URL { root.appendingPathComponent("Spool", isDirectory: true) }
    /// `Partial/`, downloads not yet finished.
    public var partialDirectory: URL { root.appendingPathComponent("Partial", isDirectory: true) }

    /// `Launches/<token>`.
    public func launchRecord(token: String) -> URL {
        launchesDirectory.appendingPathComponent(token, isDirectory: false)
    }

    /// `APPEX_TRANSFER_SOCKET`: the socket's path, set for extensions by the host.
    public static let socketEnvironmentVariable = "APPEX_TRANSFER_SOCKET"
    /// `APPEX_TRANSFER_TOKEN`: the launch's grant, set for extensions by the host.
    public static let tokenEnvironmentVariable = "APPEX_TRANSFER_TOKEN"
}

extension AppexHome {
    /// `Transfers/`, the background transfer service's folder (``TransferServiceLayout``).
    public var transfersDirectory: URL { root.appendingPathComponent("Transfers", isDirectory: true) }
}
