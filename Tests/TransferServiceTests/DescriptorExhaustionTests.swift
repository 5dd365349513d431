import BackgroundTransfers
import CAppexSystem
import ExtensionIPC
import Foundation
import Glibc
import Testing

/// The service out of descriptors: its RLIMIT_NOFILE lowered (prlimit(1) on the running
/// process) to a few above what it holds, then 200 clients connecting at once.
@Suite("Background transfers: descriptors exhausted", .serialized)
struct DescriptorExhaustionTests {
    /// A client that connects and says nothing: an accepted one holds a descriptor of the
    /// service until it closes. Non-blocking, so a full backlog is a refusal, not a wait.
    static func silentClient(_ socket: URL) -> Int32? {
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            let path = Array(socket.path.utf8.prefix(buffer.count - 1))
            buffer.copyBytes(from: path)
            buffer[path.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    /// The CPU time (user and system) process `pid` has used, from /proc/PID/stat.
    static func cpuTime(_ pid: pid_t) throws -> Duration {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15.
        let fields = try #require(stat.split(separator: ")").last).split(separator: " ")
        let ticks = try #require(Int64(fields[11])) + (try #require(Int64(fields[12])))
        return .milliseconds(ticks * 1000 / Int64(sysconf(Int32(_SC_CLK_TCK))))
    }

    /// The descriptors process `pid` has open.
    static func openDescriptors(_ pid: pid_t) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
    }

    @Test("200 clients at once against a service with a few descriptors to spare: it neither spins nor loses a task, reports the condition, and serves again once they go")
    func twoHundredClients() async throws {
        let prlimit = try #require(["/usr/bin/prlimit", "/bin/prlimit"].first(where: FileManager.default.isExecutableFile(atPath:)),
                                   "prlimit(1) (Debian: util-linux) lowers the running service's limit")
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        let (file, bytes) = try fixture.groupFile("photo.bin", size: 2 << 20)
        try await FailingServer.with { base, server in
            let recorder = Recorder()
            let identifier = "com.example.notes.crowded"
            let session = fixture.session(identifier, token: try fixture.grant(ServiceFixture.application), delegate: recorder)
            let task = try await TransfersCommandTests.heldUpload(session, file: file, base: base, server: server)
            // A follower connected before the crowd: the service tells it of its conditions.
            let watch = try await ConditionWatch(fixture)
            // And a person's `appex transfers list --watch`, into a pipe: a line as a
            // condition starts (and as it ends, should that come before the watch's end).
            let listing = try await ChildProcess.launch(.init(
                executable: fixture.executable.path, arguments: ["transfers", "list", "--watch", "--home", fixture.home.root.path],
                environment: ["PATH": "/usr/bin:/bin"], sandbox: nil,
                limits: ProcessLimits(memoryCap: nil, wallClock: .seconds(300)), captures: [1, 2]))
            _ = await listing.output(containing: "running", waitingUpTo: .seconds(30))

            let pid = try fixture.servicePID()
            let limit = try Self.openDescriptors(pid) + 8
            let lowered = try await ChildProcess.launch(.init(executable: prlimit, arguments: ["--pid", "\(pid)", "--nofile=\(limit):\(limit)"],
                                                              environment: ["PATH": "/usr/bin:/bin"], sandbox: nil, captures: [1, 2]))
            let loweredEnding = await lowered.exit()
            let loweredSaid = await lowered.output(waitingUpTo: .seconds(10))
            try #require(loweredEnding.isSuccess, "prlimit: \(loweredEnding) \(loweredSaid)")

            var clients: [Int32] = []
            defer { clients.forEach { close($0) } }
            for _ in 0..<200 {
                if let fd = Self.silentClient(fixture.layout.socket) { clients.append(fd) }
            }
            // Some were accepted until the limit, the rest wait in the backlog (128) or were
            // refused by the kernel when it was full.
            #expect(clients.count >= 100, "only \(clients.count) of 200 clients connected")
            let condition = try await watch.next(TransferServiceCondition.descriptorsExhausted) { $0.ongoing }
            #expect(condition.message.contains("RLIMIT_NOFILE"), "\(condition)")

            // Saturated: the loop must sleep, not spin on a listener it cannot accept from.
            let before = try Self.cpuTime(pid)
            let clock = ContinuousClock()
            let start = clock.now
            try await Task.sleep(for: .seconds(3))
            let used = try Self.cpuTime(pid) - before
            let share = Double(used.components.seconds * 1000 + used.components.attoseconds / 1_000_000_000_000_000)
                / Double((clock.now - start).components.seconds * 1000 + (clock.now - start).components.attoseconds / 1_000_000_000_000_000)
            #expect(share < 0.05, "the saturated service used \(Int(share * 100)) % of a core (\(used))")

            // The crowd goes; the service accepts again, and the held upload ends once.
            clients.forEach { close($0) }
            clients = []
            server.release()
            let status = try await recorder.next { call -> Int?? in
                if case .completed(task.taskIdentifier, let status, nil, _) = call { return .some(status) }
                return nil
            }
            #expect(status == 201)
            #expect(server.completeUploads("/hold") == [bytes])
            // While the service works through the backlog it may still be short of a
            // descriptor to read a grant with; it says so ("grant-unreadable … try again").
            let token = try fixture.grant(ServiceFixture.application)
            var refusals: [String] = []
            while refusals.count < 50 {
                do {
                    try await fixture.endpoint(token).connect().close()
                    break
                } catch where "\(error)".contains("grant-unreadable") {
                    refusals.append("\(error)")
                    try await Task.sleep(for: .milliseconds(100))
                }
            }
            #expect(refusals.count < 50, "the service did not serve again: \(refusals.last ?? "")")
            let ended = try await watch.next(TransferServiceCondition.descriptorsExhausted) { !$0.ongoing }
            #expect(ended.occurrences >= 1)
            #expect(try await watch.current().allSatisfy { !$0.ongoing }, "a condition still holds")
            await watch.close()
            let listed = await listing.exit()
            let printed = await listing.output(waitingUpTo: .seconds(30))
            #expect(listed.isSuccess, "\(listed): \(printed)")
            // It ends with the upload, which may come before the condition ends: the start is
            // what it is sure to have shown.
            #expect(printed.contains("service  descriptors-exhausted  since"), "\(printed)")
            #expect(printed.contains("ongoing: no descriptor left to accept a client: EMFILE"), "\(printed)")
            session.finishTasksAndInvalidate()
            #expect(!TransferPromisesTests.completes(try await fixture.reopen(identifier)))
        }
    }
}
