import BackgroundTransfers
import CAppexSystem
import DeviceLayout
import ExtensionIPC
import Foundation
import Glibc
import HostTestSupport
import Testing

/// A temporary home with the transfer service running from the built `appex`, and grants
/// for a Notes-like app and its extension.
struct ServiceFixture {
    static let application = "com.example.notes"
    static let extensionIdentifier = "com.example.notes.Upload"
    static let group = "group.com.example.notes"

    let home: AppexHome
    let layout: TransferServiceLayout
    let executable: URL

    init() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("transfers-\(UUID().uuidString.prefix(8))")
        home = AppexHome(root: root)
        layout = TransferServiceLayout(home: home)
        executable = try #require(FixtureInstallation.builtProduct("appex"), "the appex product is not built next to the tests")
        for directory in [home.appGroupContainer(groupIdentifier: Self.group), home.appGroupContainer(groupIdentifier: "group.com.example.other")] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
    }

    /// Starts the service as hosts do (socket activation), with a short back-off.
    /// `trusting` replaces the system's trust store (`SSL_CERT_FILE`); `settings` adds to
    /// the service's environment.
    func start(trusting authority: URL? = nil, settings: [String: String] = [:]) throws {
        // Idle for two minutes, it leaves: a service whose test process crashed does not stay.
        var environment = ["APPEX_TRANSFERS_BACKOFF_MS": "50", "APPEX_TRANSFERS_IDLE_EXIT_S": "120"]
        if let authority { environment["SSL_CERT_FILE"] = authority.path }
        environment.merge(settings) { $1 }
        try TransferServiceStarter(home: home, executable: executable.path, environment: environment).ensureRunning()
    }

    /// The running service's process, from the pid its lock file names.
    func servicePID() throws -> pid_t {
        try #require(layout.servicePID(), "no pid in \(layout.serveLock.path)")
    }

    /// Whether process `pid` ends within `seconds`: a wait on its pidfd, on a thread of the
    /// test's own (a blocking poll must not hold one of Swift's shared threads).
    static func ends(_ pid: pid_t, within seconds: Int32) async -> Bool {
        var pidfd: Int32 = -1
        guard appex_pidfd_open(pid, &pidfd) == 0 else { return true }  // already gone
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread { [pidfd] in
                var ready = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
                let ended = poll(&ready, 1, seconds * 1000) == 1
                close(pidfd)
                continuation.resume(returning: ended)
            }
        }
    }

    /// Kills the service (SIGKILL) and waits until it is gone.
    func killService() throws {
        let pid = try servicePID()
        kill(pid, SIGKILL)
        // Reaped by its starter's loop once it ends: wait on its pidfd.
        var pidfd: Int32 = -1
        if appex_pidfd_open(pid, &pidfd) == 0 {
            var poll = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
            _ = Glibc.poll(&poll, 1, 10_000)
            close(pidfd)
        }
    }

    /// What the service says is wrong with it (``TransferServiceCondition``), asked as the
    /// app asks.
    func conditions() async throws -> [TransferServiceCondition] {
        let connection = try await endpoint(try grant(Self.application)).connect()
        defer { connection.close() }
        guard case .conditions(let conditions) = try await connection.call(.conditions) else {
            throw TransferServiceError(.connectionLost, "the service did not answer with its conditions")
        }
        return conditions
    }

    /// Opens session `identifier` again as the app, and returns what its delegate heard up to
    /// `urlSessionDidFinishEvents`, which ends every opening after the events that waited:
    /// a completion in it is one delivered again.
    func reopen(_ identifier: String) async throws -> [Recorder.Call] {
        let recorder = Recorder()
        let session = self.session(identifier, token: try grant(Self.application), delegate: recorder)
        defer { session.finishTasksAndInvalidate() }
        _ = try await recorder.next { call -> Bool? in
            if case .eventsFinished = call { return true }
            return nil
        }
        return recorder.heard
    }

    /// What the service says of its transfers (`appex transfers list --json`), for the
    /// message of a test that waited in vain.
    func transfersListing() async -> String {
        let arguments = ["transfers", "list", "--json", "--home", home.root.path]
        guard let process = try? await ChildProcess.launch(.init(executable: executable.path, arguments: arguments,
                                                                 environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"],
                                                                 sandbox: nil, captures: [1, 2])) else {
            return "(appex transfers list could not be started)"
        }
        let ending = await process.exit()
        return "appex transfers list (\(ending)):\n" + (await process.output(waitingUpTo: .seconds(10)))
    }

    /// What the service wrote to `service.log` (its conditions, each retry and why).
    func serviceLog() -> String {
        (try? String(contentsOf: layout.serviceLog, encoding: .utf8)) ?? "(no service.log)"
    }

    func stop() {
        if let pid = layout.servicePID() { kill(pid, SIGTERM) }
        try? FileManager.default.removeItem(at: home.root)
    }

    /// A grant as a host writes it; `extensionIdentifier == application` makes the app's own.
    func grant(_ identifier: String = ServiceFixture.extensionIdentifier, groups: [String] = [ServiceFixture.group]) throws -> String {
        try layout.issue(TransferLaunchRecord(extensionIdentifier: identifier, applicationIdentifier: Self.application,
                                              appGroups: groups, hostProcessIdentifier: getpid()))
    }

    /// The service's endpoint, answering within 120 s rather than 30: CI's two cores, shared
    /// by dozens of concurrent tests, have delayed a service's first answer past 30 s.
    func endpoint(_ token: String?) -> TransferServiceEndpoint {
        var endpoint = TransferServiceEndpoint(socket: layout.socket, token: token, starter: nil)
        endpoint.answerTimeout = .seconds(120)
        return endpoint
    }

    /// A session as an extension (or the app, with its grant) opens it.
    func session(_ identifier: String, token: String?, group: String? = ServiceFixture.group, delegate: any URLSessionDelegate & Sendable) -> URLSession {
        let configuration = URLSessionConfiguration.background(withIdentifier: identifier)
        configuration.sharedContainerIdentifier = group
        return URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil, endpoint: endpoint(token))
    }

    /// A file of `size` bytes in the group's container.
    func groupFile(_ name: String, size: Int) throws -> (URL, Data) {
        let data = Data.testPattern(count: size)
        let url = home.appGroupContainer(groupIdentifier: Self.group).appendingPathComponent(name)
        try data.write(to: url)
        return (url, data)
    }
}
