import CAppexSystem
import DeviceLayout
import ExtensionIPC
import Foundation
import Synchronization
import SystemSupport

/// Starts the transfer service when it is not running, the way systemd's socket
/// activation does: the starter binds and listens on the socket itself, then hands the
/// listening descriptor to `appex transfers serve` as descriptor 3.
///
/// So the socket accepts connections from the moment the start begins; a client that
/// connects while the service is still loading waits in the backlog instead of polling.
/// Starters in several processes take `start.lock` in turn: only the first finds no
/// service and starts one. The service runs in its own session (it outlives the host that
/// started it), with standard output and error appended to `Transfers/service.log`.
public struct TransferServiceStarter: Sendable {
    /// The service's folder.
    public var layout: TransferServiceLayout
    /// The `appex` executable to start (`appex transfers serve`).
    public var executable: String
    /// Extra environment for the service (tests shorten its back-off this way).
    public var environment: [String: String]

    /// A starter for the service of `home`, started from `executable`.
    public init(home: AppexHome, executable: String, environment: [String: String] = [:]) {
        layout = TransferServiceLayout(home: home)
        self.executable = executable
        self.environment = environment
    }

    /// Makes sure a service answers on the socket, starting one if none does.
    public func ensureRunning() throws(TransferServiceError) {
        try Self.prepareFolders(layout)
        if Self.answers(layout.socket) { return }
        try FileLock(url: layout.startLock).withLock(onFailure: { TransferServiceError(.unavailable, $0.message) }) {
            () throws(TransferServiceError) in
            if Self.answers(layout.socket) { return }
            try start()
        }
    }

    /// Whether something accepts connections on `socket`.
    static func answers(_ socket: URL) -> Bool {
        var fd: Int32 = -1
        guard appex_unix_connect(socket.path, &fd) == 0 else { return false }
        close(fd)
        return true
    }

    /// Creates the service's folders, private to the user but for `run/`, which extensions'
    /// sandboxes show.
    ///
    /// With `creatingHome` false, the home must exist: a service handed its socket (by a
    /// starter or by systemd) was started for a home that its starter made, and one removed
    /// since (a test's home, cleaned up while the service was still starting) is not
    /// brought back with the service's files in it.
    package static func prepareFolders(_ layout: TransferServiceLayout, creatingHome: Bool = true) throws(TransferServiceError) {
        let folders = [(layout.root, 0o700), (layout.launchesDirectory, 0o700), (layout.spoolDirectory, 0o700),
                       (layout.partialDirectory, 0o700), (layout.socketDirectory, 0o755)]
        if !creatingHome {
            // One level at a time: a missing home fails the first, and nothing is created above it.
            for (folder, mode) in folders where mkdir(folder.path, mode_t(mode)) != 0 && errno != EEXIST {
                let reason = errno == ENOENT ? "the folder above it is gone" : SystemErrorText.text(errno)
                throw TransferServiceError(.unavailable, "cannot create the transfer service's folder \(folder.path): \(reason)")
            }
            return
        }
        do {
            for (folder, mode) in folders {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: mode])
            }
        } catch {
            throw TransferServiceError(.unavailable, "cannot create the transfer service's folder \(layout.root.path): \(error.localizedDescription)")
        }
    }

    private func start() throws(TransferServiceError) {
        unlink(layout.socket.path)  // a socket left by a service that died
        var listener: Int32 = -1
        let result = appex_unix_listen(layout.socket.path, 128, &listener)
        guard result == 0 else {
            throw TransferServiceError(.unavailable, "cannot listen on \(layout.socket.path): \(SystemErrorText.text(result))")
        }
        defer { close(listener) }
        var mapping: [Int32: OwnedFileDescriptor] = [:]
        do {
            mapping[3] = try OwnedFileDescriptor.duplicating(listener)
            let log = open(layout.serviceLog.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            if log >= 0 {
                mapping[1] = OwnedFileDescriptor(taking: log)
                mapping[2] = try OwnedFileDescriptor.duplicating(log)
            }
            let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
            if null >= 0 { mapping[0] = OwnedFileDescriptor(taking: null) }
        } catch {
            throw TransferServiceError(.unavailable, "cannot prepare the transfer service's descriptors: \(error.message)")
        }
        var environment = ProcessInfo.processInfo.environment
        environment[AppexHome.environmentVariable] = layout.root.deletingLastPathComponent().path
        environment["LISTEN_FDS"] = nil
        environment["LISTEN_PID"] = nil
        environment.merge(self.environment) { _, new in new }
        let pid: Int32
        do {
            pid = try ChildProcess.spawn(path: executable, argv: [executable, "transfers", "serve", "--listen-fd", "3"],
                                         envp: environment.map { "\($0.key)=\($0.value)" }, mapping: mapping)
        } catch {
            unlink(layout.socket.path)
            throw TransferServiceError(.unavailable, "cannot start \(executable) transfers serve: \(error.message)")
        }
        Self.reapWhenEnded(pid)
    }

    /// Collects the service's exit status if it ends while this process lives (else init does).
    private static func reapWhenEnded(_ pid: pid_t) {
        var pidfd: Int32 = -1
        guard appex_pidfd_open(pid, &pidfd) == 0, let loop = try? EventLoop.shared() else { return }
        let descriptor = OwnedFileDescriptor(taking: pidfd)
        // The handler may run before `register` returns: whichever of the two comes second
        // deregisters, so a pidfd that stays readable is never left on the loop.
        let watch = Mutex<(registration: EventLoop.Registration?, ended: Bool)>((nil, false))
        let registration = try? loop.register(pidfd, interest: .read) { _ in
            var status: Int32 = 0, reaped: Int32 = 0
            _ = appex_reap(pid, &status, &reaped)
            let registration = watch.withLock { state -> EventLoop.Registration? in
                state.ended = true
                return state.registration.take()
            }
            if let registration {
                loop.deregister(registration)
                descriptor.close()
            }
        }
        guard let registration else { return }
        let endedAlready = watch.withLock { state -> Bool in
            if !state.ended { state.registration = registration }
            return state.ended
        }
        if endedAlready {
            loop.deregister(registration)
            descriptor.close()
        }
    }
}
