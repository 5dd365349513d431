import ExtensionIPC
import Foundation

/// The extension host benchmark: the share round trip against the spawn floor, without
/// and with the sandbox, and the hand-off of 1 MiB, 64 MiB and 1 GiB files against
/// copying them. Needs the `appex-fixture-extension` product built next to appex-bench.
struct HostSuite {
    /// Round count and round length.
    let settings: MeasureSettings

    /// How many sessions run at once in the concurrency figure.
    static let concurrentSessions = 64
    /// The sizes of the handed-off files.
    static let handOffSizes = [1 << 20, 64 << 20, 1 << 30]

    /// Runs the suite; throws when the fixture is missing or cannot be installed.
    func run() async throws -> HostResults {
        guard let executable = HostFixture.locateExecutable() else {
            let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().path
            throw HostBenchError("""
                the host suite needs the fixture extension next to appex-bench, and \(folder)/\(HostFixture.executableName) \
                does not exist; build it first with the same scratch path and configuration, for example
                  swift build --scratch-path .build-bench -c release --product appex-fixture-extension
                """)
        }
        let fixture = try HostFixture.install(executable: executable)
        defer { fixture.remove() }
        var results = HostResults()
        // The sandboxed half is bubblewrap's (the host's choice where it is installed);
        // without it the figures would be Landlock's under bubblewrap's name.
        let bubblewrap = SandboxSupport.bubblewrapPath() != nil
        if !bubblewrap {
            results.notes.append("bwrap is not on PATH (Debian package `bubblewrap`): sandboxed figures skipped")
        }
        let sampler = InterleavedSampler(settings: settings)

        // 1. Round trip against the floor, both modes interleaved in one loop.
        let modes = bubblewrap ? [false, true] : [false]
        let benches = modes.map { RoundTripBench(fixture: fixture, sandboxed: $0) }
        let samples = await sampler.run(benches.flatMap { [$0.floor(), $0.roundTrip(attachment: true), $0.roundTrip(attachment: false)] })
        for (index, bench) in benches.enumerated() {
            let floor = HostFigure(samples[3 * index]), roundTrip = HostFigure(samples[3 * index + 1])
            let bare = HostFigure(samples[3 * index + 2])
            results.roundTrips.append(.init(mode: bench.mode, floor: floor, roundTrip: roundTrip, bareRoundTrip: bare,
                                            ratio: roundTrip.nanoseconds / floor.nanoseconds,
                                            bareRatio: bare.nanoseconds / floor.nanoseconds))
        }
        results.notes += Self.failureNotes(samples)

        // 1b. The launch check: the round trip with the seal checked against the same without.
        let seals = try modes.map { try SealCheckBench(fixture: fixture, sandboxed: $0) }
        let sealSamples = await sampler.run(seals.flatMap {
            [$0.roundTrip(fixture.installed, name: "round trip, unsealed"), $0.roundTrip($0.sealed, name: "round trip, sealed"), $0.check()]
        })
        for (index, bench) in seals.enumerated() {
            let unsealed = HostFigure(sealSamples[3 * index]), sealed = HostFigure(sealSamples[3 * index + 1])
            let check = HostFigure(sealSamples[3 * index + 2])
            results.sealChecks.append(.init(mode: bench.mode, unsealed: unsealed, sealed: sealed, check: check,
                                            ratio: sealed.nanoseconds / unsealed.nanoseconds,
                                            checkShare: check.nanoseconds / unsealed.nanoseconds))
        }
        results.notes += Self.failureNotes(sealSamples)

        // 2. Control latency: end() and cancellation to the child reaped.
        let controls = modes.map { ControlBench(fixture: fixture, sandboxed: $0) }
        let controlSamples = await sampler.run(controls.flatMap { [$0.end(), $0.cancellation()] })
        for (index, sandboxed) in modes.enumerated() {
            results.control.append(.init(mode: sandboxed ? "bubblewrap" : "no sandbox",
                                         end: HostFigure(controlSamples[2 * index]),
                                         cancellation: HostFigure(controlSamples[2 * index + 1])))
        }
        results.notes += Self.failureNotes(controlSamples)

        // 3. 64 sessions at once, against 64 times one round trip, with the thread count.
        for (index, sandboxed) in modes.enumerated() {
            let bench = ConcurrencyBench(fixture: fixture, sandboxed: sandboxed, count: Self.concurrentSessions)
            let one = await bench.run(sessions: 1)
            let many = await bench.run(sessions: Self.concurrentSessions)
            let single = results.roundTrips[index].bareRoundTrip.nanoseconds
            results.concurrency.append(.init(mode: sandboxed ? "bubblewrap" : "no sandbox", sessions: Self.concurrentSessions,
                                             concurrentNanoseconds: Double(many.nanoseconds),
                                             serialNanoseconds: single * Double(Self.concurrentSessions),
                                             ratio: Double(many.nanoseconds) / (single * Double(Self.concurrentSessions)),
                                             peakThreadsOneSession: one.peakThreads, peakThreads: many.peakThreads,
                                             completed: many.completed))
        }

        // 3b. One keystroke on a compose sheet, against a channel ping.
        for sandboxed in modes {
            let bench = KeystrokeBench(fixture: fixture, sandboxed: sandboxed, count: 1_000)
            let (edits, pings) = await bench.run()
            if edits.isEmpty { results.notes.append("keystrokes (\(sandboxed ? "bubblewrap" : "no sandbox")): the sheet never came") }
            results.keystrokes.append(.init(mode: sandboxed ? "bubblewrap" : "no sandbox", edits: edits.count,
                                            median: KeystrokeBench.quantile(edits, 0.5), p99: KeystrokeBench.quantile(edits, 0.99),
                                            pingMedian: KeystrokeBench.quantile(pings, 0.5), pingP99: KeystrokeBench.quantile(pings, 0.99)))
        }

        // 3c. The disk limit: the same runs with it and without it (after the thread counts,
        // which the measurements' Dispatch workers would add to).
        let disks = modes.map { DiskWatchBench(fixture: fixture, sandboxed: $0) }
        let diskSamples = await sampler.run(disks.flatMap {
            [$0.run("noop", limited: false), $0.run("noop", limited: true), $0.run("write-files", limited: false), $0.run("write-files", limited: true)]
        })
        for (index, bench) in disks.enumerated() {
            let figures = (0..<4).map { HostFigure(diskSamples[4 * index + $0]) }
            results.diskWatch.append(.init(mode: bench.mode, roundTrip: figures[0], limitedRoundTrip: figures[1],
                                           roundTripRatio: figures[1].nanoseconds / figures[0].nanoseconds,
                                           writes: figures[2], limitedWrites: figures[3],
                                           writesRatio: figures[3].nanoseconds / figures[2].nanoseconds,
                                           perWrite: (figures[3].nanoseconds - figures[2].nanoseconds) / Double(DiskWatchBench.writes)))
        }
        results.notes += Self.failureNotes(diskSamples)

        // 4. What memory supervision costs the loop per round.
        let supervision = SupervisionBench()
        let procSamples = await sampler.run([supervision.statm(), supervision.scan()])
        results.statm = HostFigure(procSamples[0])
        results.scan = HostFigure(procSamples[1])
        results.processCount = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { Int($0) != nil }.count

        // 5. Hand-off against copying, sandboxed when possible.
        let folder = fixture.root.appendingPathComponent("handoff", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let files = try Self.handOffSizes.map { try HandOffFile.create(size: $0, in: folder) }
        let handOff = HandOffBench(fixture: fixture, sandboxed: bubblewrap)
        results.handOffSandboxed = bubblewrap
        let variants = [handOff.noFile()] + files.flatMap { [handOff.handOff($0), handOff.copy($0)] }
        let handOffSamples = await sampler.run(variants)
        results.handOffNoFile = HostFigure(handOffSamples[0])
        let smallest = handOffSamples[1].measurement.nanosecondsPerOperation
        for (index, file) in files.enumerated() {
            let moved = HostFigure(handOffSamples[1 + 2 * index]), copied = HostFigure(handOffSamples[2 + 2 * index])
            results.handOffs.append(.init(bytes: file.size, label: file.label, handOff: moved, copy: copied,
                                          versusCopy: moved.nanoseconds / copied.nanoseconds,
                                          versusSmallest: moved.nanoseconds / smallest))
        }
        results.notes += Self.failureNotes(handOffSamples)
        return results
    }

    /// A note for every variant with failed calls.
    private static func failureNotes(_ samples: [InterleavedSampler.Sample]) -> [String] {
        samples.filter { $0.failures > 0 }.map { sample in
            "\(sample.name): \(sample.failures) failed call(s)" + (sample.firstError.map { "; first error: \($0)" } ?? "")
        }
    }
}
