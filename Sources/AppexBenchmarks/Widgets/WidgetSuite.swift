import ExtensionHost
import ExtensionIPC
import ExtensionManifest
import Foundation
import Glibc

/// The Today widgets benchmark, with 10 widgets installed (the fixture as a widget):
///
/// - the first screen's data — which widgets show, in order, and their snapshots read from
///   disk — against reading the same snapshot files' bytes alone; goal ≤ 50 ms;
/// - a full refresh (all 10 updated at once, each in its own sandboxed process) against
///   the slowest of the same widgets updated alone; goal ≤ 1.5×: concurrency, not a queue;
/// - the same for the widgets a dashboard shows, whose processes it keeps
///   (`TodayView.keepShowing`): Refresh updates ten running processes at once, against
///   the slowest of them updated alone.
struct WidgetSuite {
    /// Rounds of each figure.
    let rounds: Int
    /// Widgets installed.
    static let count = 10

    func run() async throws -> WidgetResults {
        guard let executable = HostFixture.locateExecutable() else {
            throw HostBenchError("the widgets suite needs the fixture extension next to appex-bench (build appex-fixture-extension with the same scratch path)")
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("appex-bench-widgets-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let widgets = try (0..<Self.count).map { try WidgetFixture.install(executable: executable, root: root, index: $0) }
        let sandboxed = SandboxSupport.bubblewrapPath() != nil
        let options = LaunchOptions(sandboxed: sandboxed, environment: ["APPEX_FIXTURE_BEHAVIOR": "echo"])
        let store = WidgetSnapshotStore(directory: root.appendingPathComponent("Snapshots"))
        let today = TodayView(catalog: FixedCatalog(widgets), options: options, snapshots: store)
        // One refresh first: every widget has a snapshot, and the executable is in the page cache.
        let first = await today.updateAll(widgets)
        guard first.allSatisfy({ $0.result == .newData }) else {
            throw HostBenchError("a widget did not update: \(first.compactMap(\.message).joined(separator: "; "))")
        }
        var results = WidgetResults(widgets: Self.count, rounds: rounds, mode: sandboxed ? "bubblewrap" : "no sandbox")
        let files = widgets.map { store.directory.appendingPathComponent($0.identifier + ".json").path }
        for _ in 0..<rounds {
            results.samples.snapshotBytes.append(Self.timed { files.reduce(0) { $0 + (FileManager.default.contents(atPath: $1)?.count ?? 0) } })
            results.samples.firstScreen.append(Self.timed { (try? today.lastSnapshots(of: today.widgets()).count) ?? 0 })
            var slowest = 0.0, queue = 0.0
            for widget in widgets {
                let started = ContinuousClock.now
                _ = await today.update(widget)
                let took = Self.nanoseconds(started.duration(to: .now))
                slowest = max(slowest, took)
                queue += took
            }
            results.samples.slowestAlone.append(slowest)
            results.samples.queue.append(queue)
            let started = ContinuousClock.now
            let all = await today.updateAll(widgets)
            results.samples.fullRefresh.append(Self.nanoseconds(started.duration(to: .now)))
            if let failed = all.first(where: { $0.result != .newData }) {
                results.notes.append("\(failed.identifier): \(failed.result.name) \(failed.message ?? "")")
            }
        }
        try await measureShown(widgets, today: today, into: &results)
        return results
    }

    /// The dashboards' Refresh: the ten widgets' processes started once and kept, then, in
    /// each round, each updated alone (the slowest is the baseline) and all ten at once.
    private func measureShown(_ widgets: [InstalledExtension], today: TodayView, into results: inout WidgetResults) async throws {
        let commands = widgets.map { _ in AsyncStream.makeStream(of: TodayView.WidgetCommand.self) }
        let (outcomes, outcome) = AsyncStream.makeStream(of: WidgetUpdateOutcome.self)
        let rounds = self.rounds
        let samples = try await withThrowingTaskGroup(of: Void.self) { group -> (alone: [Double], queue: [Double], all: [Double], notes: [String]) in
            for (index, widget) in widgets.enumerated() {
                group.addTask {
                    await today.keepShowing(widget, commands: commands[index].0) { event in
                        if case .updated(let update) = event { outcome.yield(update) }
                    }
                }
            }
            defer {
                commands.forEach { $0.1.finish() }
                group.cancelAll()
            }
            var iterator = outcomes.makeAsyncIterator()
            /// Sends an update to `indices` and waits for their outcomes; the time it took.
            func update(_ indices: [Int], notes: inout [String]) async throws -> Double {
                let started = ContinuousClock.now
                for index in indices { commands[index].1.yield(.update(.compact)) }
                for _ in indices {
                    guard let update = await iterator.next() else { throw HostBenchError("a shown widget's task ended") }
                    if update.result != .newData { notes.append("shown \(update.identifier): \(update.result.name) \(update.message ?? "")") }
                }
                return Self.nanoseconds(started.duration(to: .now))
            }
            var notes: [String] = []
            // Every process started (its first update), then the rounds on running processes.
            _ = try await update(Array(widgets.indices), notes: &notes)
            var alone: [Double] = [], queue: [Double] = [], all: [Double] = []
            for _ in 0..<rounds {
                var slowest = 0.0, total = 0.0
                for index in widgets.indices {
                    let took = try await update([index], notes: &notes)
                    slowest = max(slowest, took)
                    total += took
                }
                alone.append(slowest)
                queue.append(total)
                all.append(try await update(Array(widgets.indices), notes: &notes))
            }
            return (alone, queue, all, notes)
        }
        results.samples.slowestShownAlone = samples.alone
        results.samples.shownQueue = samples.queue
        results.samples.shownRefresh = samples.all
        results.notes += samples.notes
    }

    /// Nanoseconds `body` took (its result consumed so that it is not optimized away).
    static func timed(_ body: () -> Int) -> Double {
        let started = ContinuousClock.now
        BlackHole.consume(body())
        return nanoseconds(started.duration(to: .now))
    }

    static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }
}

/// What the widgets suite measured, nanoseconds per round.
struct WidgetResults: Sendable, Encodable {
    struct Samples: Sendable, Encodable {
        var snapshotBytes: [Double] = []
        var firstScreen: [Double] = []
        var slowestAlone: [Double] = []
        /// The ten updated one after another: what a queue would take.
        var queue: [Double] = []
        var fullRefresh: [Double] = []
        /// The widgets' processes kept running (a dashboard's Refresh).
        var slowestShownAlone: [Double] = []
        var shownQueue: [Double] = []
        var shownRefresh: [Double] = []
    }

    let widgets: Int
    let rounds: Int
    let mode: String
    var samples = Samples()
    var notes: [String] = []

    static func median(_ values: [Double]) -> Double { Measurer.median(values.sorted()) }
    /// The full refresh over the slowest widget alone; the goal is at most 1.5.
    var refreshRatio: Double { Self.median(samples.fullRefresh) / Self.median(samples.slowestAlone) }
    /// The dashboards' Refresh of running widgets over the slowest of them alone; the goal is at most 1.5.
    var shownRefreshRatio: Double { Self.median(samples.shownRefresh) / Self.median(samples.slowestShownAlone) }
    /// The first screen's data over reading the snapshot files alone.
    var firstScreenRatio: Double { Self.median(samples.firstScreen) / Self.median(samples.snapshotBytes) }
}

/// Prints the widgets suite's results.
enum WidgetReport {
    static func render(_ results: WidgetResults) -> String {
        var out = "Today widgets: \(results.widgets) widgets (the fixture, \(results.mode))\n\n"
        var table = TextTable(headers: ["measure", "median", "ratio", "goal"], leftAligned: [0, 3])
        let bytes = WidgetResults.median(results.samples.snapshotBytes)
        let first = WidgetResults.median(results.samples.firstScreen)
        table.append(["read the \(results.widgets) snapshot files (baseline)", Formatting.duration(bytes), "1.00x", "-"])
        table.append(["first screen: widgets in order + snapshots decoded", Formatting.duration(first), Formatting.ratio(results.firstScreenRatio),
                      first <= 50e6 ? "met (≤ 50 ms)" : "missed (> 50 ms)"])
        table.append(["slowest widget's update alone (baseline)", Formatting.duration(WidgetResults.median(results.samples.slowestAlone)), "1.00x", "-"])
        table.append(["the ten one after another (a queue)", Formatting.duration(WidgetResults.median(results.samples.queue)),
                      Formatting.ratio(WidgetResults.median(results.samples.queue) / WidgetResults.median(results.samples.slowestAlone)), "-"])
        table.append(["full refresh, all at once", Formatting.duration(WidgetResults.median(results.samples.fullRefresh)),
                      Formatting.ratio(results.refreshRatio), results.refreshRatio <= 1.5 ? "met (≤ 1.5x)" : "missed (> 1.5x)"])
        table.append(["shown widgets: the slowest updated alone (baseline)", Formatting.duration(WidgetResults.median(results.samples.slowestShownAlone)), "1.00x", "-"])
        table.append(["shown widgets: the ten one after another (a queue)", Formatting.duration(WidgetResults.median(results.samples.shownQueue)),
                      Formatting.ratio(WidgetResults.median(results.samples.shownQueue) / WidgetResults.median(results.samples.slowestShownAlone)), "-"])
        table.append(["shown widgets: Refresh, all at once", Formatting.duration(WidgetResults.median(results.samples.shownRefresh)),
                      Formatting.ratio(results.shownRefreshRatio), results.shownRefreshRatio <= 1.5 ? "met (≤ 1.5x)" : "missed (> 1.5x)"])
        out += table.render() + "\n"
        out += "medians of \(results.rounds) rounds; an update is a process launched, hello, the update and its answer, the process ended;\n"
        out += "a shown widget's update goes to its running process (appex today's r, the page's Refresh)\n"
        for note in results.notes { out += "note: \(note)\n" }
        return out
    }
}
