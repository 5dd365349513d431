import BackgroundTransfers
import CAppexSystem
import DeviceLayout
import ExtensionIPC
import Foundation
import Glibc
import Synchronization

/// The kill -9 soak (`appex-bench soak`): uploads and downloads of 1–50 MB through the
/// transfer service while it is killed with SIGKILL at random moments and started again.
/// Every transfer must end exactly once with exact bytes, and the app hear each event once.
/// Not part of `all`: it measures reliability, not speed, and takes a minute or more.
struct TransferSoak {
    /// Uploads, and as many downloads.
    let transfers: Int
    /// SIGKILLs of the service.
    let kills: Int
    /// The largest transfer; each is 1 MiB to this, at random.
    let maximumBytes: Int

    static let application = "com.example.soak"
    static let group = "group.com.example.soak"
    static let session = "com.example.soak.transfers"

    func run() async throws -> SoakResults {
        let appex = try Self.appexBesideBench()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("appex-bench-soak-\(UUID().uuidString.prefix(8))")
        let home = AppexHome(root: root)
        defer {
            do {
                try FileManager.default.removeItem(at: root)
            } catch {
                printError("soak: cannot remove its folder \(root.path): \(error)")
            }
        }
        let container = home.appGroupContainer(groupIdentifier: Self.group)
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        var plan: [SoakLedger.Item] = []
        for index in 0..<transfers * 2 {
            let size = Int.random(in: (1 << 20)...max(1 << 20, maximumBytes))
            let item = SoakLedger.Item(upload: index % 2 == 0, seed: UInt64(index + 1), size: size)
            if item.upload {
                let file = container.appendingPathComponent("upload-\(item.seed).bin")
                guard FileManager.default.createFile(atPath: file.path, contents: Data(SoakPattern.bytes(seed: item.seed, offset: 0, count: size))) else {
                    throw HostBenchError("cannot write \(file.path)")
                }
            }
            plan.append(item)
        }
        let planned = plan
        let layout = TransferServiceLayout(home: home)
        let starter = TransferServiceStarter(home: home, executable: appex.path,
                                             environment: ["APPEX_TRANSFERS_BACKOFF_MS": "100", "APPEX_TRANSFERS_IDLE_EXIT_S": "0",
                                                           "APPEX_TRANSFERS_MAX_ATTEMPTS": "1000"])
        try starter.ensureRunning()
        let token = try layout.issue(TransferLaunchRecord(extensionIdentifier: Self.application, applicationIdentifier: Self.application,
                                                          appGroups: [Self.group], hostProcessIdentifier: getpid()))
        let endpoint = TransferServiceEndpoint(socket: layout.socket, token: token, starter: starter)
        let ledger = SoakLedger()
        let clock = ContinuousClock()
        let began = clock.now
        return try await SoakServer.with { base, server in
            defer { if let pid = layout.servicePID() { kill(pid, SIGTERM) } }
            var session = Self.open(endpoint, ledger)
            for item in planned {
                let task: URLSessionTask
                if item.upload {
                    var request = URLRequest(url: base.appendingPathComponent("up/\(item.seed)/\(item.size)"))
                    request.httpMethod = "POST"
                    task = session.uploadTask(with: request, fromFile: container.appendingPathComponent("upload-\(item.seed).bin"))
                } else {
                    task = session.downloadTask(with: base.appendingPathComponent("down/\(item.seed)/\(item.size)"))
                }
                ledger.planned(task.taskIdentifier, item)
                task.resume()
            }
            var killed = 0
            let loop = try EventLoop.shared()
            while killed < kills, !ledger.allEnded(planned.count) {
                // A kill at a random moment, not on an event: that is the soak. The moment
                // is a timer on the event loop.
                await loop.sleep(for: .milliseconds(Int64.random(in: 100...1_200)))
                guard let pid = layout.servicePID() else { throw HostBenchError("no pid in \(layout.serveLock.path)") }
                try await Self.killAndWait(pid)
                killed += 1
                session.finishTasksAndInvalidate()
                // Opening the session again starts the service (the endpoint's starter) and
                // takes the events that waited.
                session = Self.open(endpoint, ledger)
            }
            guard try await ledger.wait(until: clock.now + .seconds(600), for: SoakLedger.allEnded(planned.count)) else {
                throw HostBenchError("not every transfer ended within 10 minutes of the last kill")
            }
            session.finishTasksAndInvalidate()
            // Exactly once: an opening after every ending hears nothing more before
            // urlSessionDidFinishEvents.
            let before = ledger.heardCount
            let last = Self.open(endpoint, ledger)
            guard try await ledger.wait(until: clock.now + .seconds(120), for: SoakLedger.eventsFinished(ledger.openings)) else {
                throw HostBenchError("the last opening of the session was not told urlSessionDidFinishEvents within 2 minutes")
            }
            last.finishTasksAndInvalidate()
            let uploads = server.uploads.withLock { $0 }
            let downloads = server.downloads.withLock { $0 }
            return SoakResults(plan: planned, ledger: ledger.snapshot, kills: killed, lateEvents: ledger.heardCount - before,
                               uploads: uploads, downloadRequests: downloads.requests, rangedDownloads: downloads.ranged,
                               seconds: Double((clock.now - began).components.seconds))
        }
    }

    /// A session of the app's, opened (and the service started when it is not running).
    static func open(_ endpoint: TransferServiceEndpoint, _ ledger: SoakLedger) -> URLSession {
        let configuration = URLSessionConfiguration.background(withIdentifier: session)
        configuration.sharedContainerIdentifier = group
        ledger.opened()
        return URLSession(configuration: configuration, delegate: SoakDelegate(ledger: ledger, opening: ledger.openings),
                          delegateQueue: nil, endpoint: endpoint)
    }

    /// Kills the service with SIGKILL and waits until it is gone (its pidfd readable).
    static func killAndWait(_ pid: pid_t) async throws {
        var pidfd: Int32 = -1
        guard appex_pidfd_open(pid, &pidfd) == 0 else { return }  // already gone
        defer { close(pidfd) }
        kill(pid, SIGKILL)
        await (try EventLoop.shared()).waitUntilReadable(pidfd)
    }

    static func appexBesideBench() throws -> URL {
        let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let appex = folder.appendingPathComponent("appex")
        guard FileManager.default.isExecutableFile(atPath: appex.path) else {
            throw HostBenchError("the soak runs the service from the appex next to appex-bench, and \(appex.path) does not exist; build it first")
        }
        return appex
    }
}
