import AppGroups
import Foundation
import Testing

/// Several processes write shared defaults and use the share inbox at once while the test
/// kills them with SIGKILL at random moments; then it checks that nothing acknowledged was
/// lost, nothing was delivered twice and no file is damaged.
///
/// A worker prints a line only after its transaction commits, so a printed line is an
/// acknowledgment. A kill can land between a commit and its line: each killed worker may
/// therefore have done at most one more operation than it printed, and the checks allow
/// exactly that much.
@Suite struct StressTests {
    static let suite = "group.com.example.stress"
    static let rounds = 5

    enum Kind: CaseIterable, Sendable { case increment, append, consume }

    struct Run: Sendable {
        let kind: Kind
        let lines: [String]
        let ending: WorkerProcess.Ending
        let killed: Bool
    }

    @Test
    func killedWritersLoseNothingAcknowledged() async throws {
        try WorkerBinary.require()
        let seed = ProcessInfo.processInfo.environment["APPGROUPS_STRESS_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 0...UInt64.max)
        let replay: Comment = "seed \(seed) (repeat with APPGROUPS_STRESS_SEED=\(seed))"
        let folder = try TemporaryFolder()
        let container = try folder.folder("container")
        let environment = ["TMPDIR": try folder.folder("tmp").path]

        // The rounds wait for processes and sleep until kills: off the shared test threads.
        let runs = try await onThread {
            var random = SeededGenerator(seed: seed)
            var runs: [Run] = []
            for round in 0..<StressTests.rounds {
                runs += try StressTests.runRound(round, container: container, environment: environment, random: &random)
            }
            return runs
        }
        for run in runs where !(run.ending == .exit(0) || (run.killed && run.ending == .signal(SIGKILL))) {
            Issue.record("a \(run.kind) worker ended with \(run.ending): \(run.lines.suffix(3)); \(replay)")
        }
        // The kills happened: a run in which every worker finished first proves nothing.
        for kind in Kind.allCases {
            #expect(runs.contains { $0.kind == kind && $0.killed }, "no \(kind) worker was killed while it ran; \(replay)")
        }
        #expect(runs.contains { $0.killed && !$0.lines.isEmpty }, "no worker was killed after it had acknowledged work; \(replay)")
        try checkDefaults(runs, container: container, replay: replay)
        try checkInbox(runs, container: container, replay: replay)
    }

    /// Starts two workers of each kind, kills some at random moments, and collects them.
    private static func runRound(_ round: Int, container: URL, environment: [String: String],
                          random: inout SeededGenerator) throws -> [Run] {
        var workers: [(Kind, WorkerProcess, killAfter: Int?)] = []
        for kind in Kind.allCases {
            for index in 0..<2 {
                let arguments: [String] = switch kind {
                case .increment: ["defaults-increment", container.path, Self.suite, "counter", "150"]
                case .append: ["inbox-append", container.path, "40", "r\(round)w\(index)"]
                case .consume: ["inbox-consume", container.path, "1000", "300"]
                }
                // The first of each kind is always killed, early, so that every round kills one
                // mid-work; the other is killed at a random moment, or three times in four.
                let killAfter = index == 0 ? Int.random(in: 5...100, using: &random)
                    : Int.random(in: 0..<4, using: &random) == 0 ? nil : Int.random(in: 5...400, using: &random)
                workers.append((kind, try WorkerProcess(arguments, environment: environment), killAfter))
            }
        }
        let start = DispatchTime.now()
        for (_, worker, killAfter) in workers.sorted(by: { ($0.killAfter ?? .max) < ($1.killAfter ?? .max) }) {
            guard let killAfter else { continue }
            let deadline = start.uptimeNanoseconds + UInt64(killAfter) * 1_000_000
            let now = DispatchTime.now().uptimeNanoseconds
            if deadline > now { usleep(UInt32((deadline - now) / 1000)) }
            worker.kill()
        }
        return workers.map { kind, worker, killAfter in
            let (lines, ending) = worker.finish()
            return Run(kind: kind, lines: lines, ending: ending, killed: killAfter != nil && ending == .signal(SIGKILL))
        }
    }

    private func checkDefaults(_ runs: [Run], container: URL, replay: Comment) throws {
        let incrementers = runs.filter { $0.kind == .increment }
        let printed = incrementers.flatMap(\.lines).compactMap(Int.init)
        let defaults = try SharedDefaults(containerURL: container, suiteName: Self.suite)
        let final = defaults.integer(forKey: "counter")
        let killed = incrementers.filter(\.killed).count
        #expect(Set(printed).count == printed.count, "two increments saw the same value: a lost update; \(replay)")
        #expect(printed.allSatisfy { 1...final ~= $0 }, "an acknowledged increment is above the final \(final); \(replay)")
        #expect(final >= printed.count && final - printed.count <= killed,
                "final \(final), \(printed.count) acknowledged, \(killed) killed; \(replay)")
        #expect(try defaults.integrityCheck() == "ok", replay)
    }

    private func checkInbox(_ runs: [Run], container: URL, replay: Comment) throws {
        let inbox = try ShareInbox(containerURL: container)
        _ = try inbox.recover()
        let appended = runs.filter { $0.kind == .append }.flatMap(\.lines).compactMap(Int64.init)
        var delivered = runs.filter { $0.kind == .consume }.flatMap(\.lines).compactMap(Int64.init)
        delivered += try drain(inbox, replay: replay)

        let acknowledged = try inbox.acknowledgedIdentifiers()
        let killedAppenders = runs.filter { $0.kind == .append && $0.killed }.count
        let killedConsumers = runs.filter { $0.kind == .consume && $0.killed }.count
        #expect(Set(appended).count == appended.count, "an id was returned twice; \(replay)")
        #expect(Set(delivered).count == delivered.count, "a share was delivered twice; \(replay)")
        #expect(Set(appended).isSubset(of: acknowledged), "an acknowledged append was never delivered; \(replay)")
        #expect(Set(delivered).isSubset(of: acknowledged), replay)
        #expect(acknowledged.count - appended.count <= killedAppenders,
                "\(acknowledged.count) shares for \(appended.count) acknowledged appends; \(replay)")
        #expect(acknowledged.count - delivered.count <= killedConsumers,
                "\(acknowledged.count) acknowledged, \(delivered.count) seen delivered; \(replay)")
        #expect(try inbox.pendingCount() == 0, replay)
        _ = try inbox.recover()
        #expect(try FileManager.default.contentsOfDirectory(atPath: inbox.filesURL.path).isEmpty,
                "stray attachment files; \(replay)")
        #expect(try inbox.integrityCheck() == "ok", replay)
    }

    /// Receives everything left, waiting for the leases of killed consumers to lapse.
    private func drain(_ inbox: ShareInbox, replay: Comment) throws -> [Int64] {
        var drained: [Int64] = []
        for _ in 0..<20_000 {
            if let share = try inbox.receive(leaseDuration: .seconds(60), Self.check) {
                drained.append(share.id)
            } else if try inbox.pendingCount() == 0 {
                return drained
            } else {
                usleep(20_000)
            }
        }
        Issue.record("the inbox did not drain; \(replay)")
        return drained
    }

    /// The workers' shares carry their text in both attachments.
    private static func check(_ share: ReceivedShare) throws {
        let expected = Data((share.text ?? "").utf8)
        try #require(share.attachments.count == 2, "share \(share.id)")
        for attachment in share.attachments {
            switch attachment.content {
            case .file(let url): #expect(try Data(contentsOf: url) == expected, "share \(share.id)")
            case .data(let data): #expect(data == expected, "share \(share.id)")
            }
        }
    }
}
