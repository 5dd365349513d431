/// Everything the host suite measured, for the report and `--json`.
struct HostResults: Sendable, Encodable {
    /// One mode of the round-trip comparison.
    struct RoundTrip: Sendable, Encodable {
        /// `no sandbox` or `bubblewrap`.
        let mode: String
        /// The spawn floor (the baseline).
        let floor: HostFigure
        /// The share round trip (one text attachment, not loaded).
        let roundTrip: HostFigure
        /// The round trip of an item without attachments.
        let bareRoundTrip: HostFigure
        /// roundTrip / floor; the goal is at most 1.3.
        let ratio: Double
        /// bareRoundTrip / floor.
        let bareRatio: Double
    }

    /// One file size of the hand-off comparison.
    struct HandOff: Sendable, Encodable {
        /// The file's size in bytes.
        let bytes: Int
        /// `1 MiB`, `64 MiB`, `1 GiB`.
        let label: String
        /// The round trip that hands the file over and reads 16 bytes.
        let handOff: HostFigure
        /// `FileManager.copyItem` of the same file (the baseline).
        let copy: HostFigure
        /// handOff / copy.
        let versusCopy: Double
        /// handOff / the hand-off of the smallest file; the goal is about 1.
        let versusSmallest: Double
    }

    /// The launch check's cost in the sandboxed round trip. Goal: at most 5 % added.
    struct SealCheck: Sendable, Encodable {
        /// `no sandbox` or `bubblewrap`.
        let mode: String
        /// The round trip without a seal (the baseline).
        let unsealed: HostFigure
        /// The same round trip with the launch files sealed and checked.
        let sealed: HostFigure
        /// The check alone (two `lstat`s, through the offload pool).
        let check: HostFigure
        /// sealed / unsealed.
        let ratio: Double
        /// check / unsealed.
        let checkShare: Double
    }

    /// The launch check, by mode.
    var sealChecks: [SealCheck] = []

    /// The disk limit's cost: runs with it against the same runs without it (the baseline).
    struct DiskWatch: Sendable, Encodable {
        /// `no sandbox` or `bubblewrap`.
        let mode: String
        /// The `noop` round trip without and with the limit, and with / without.
        let roundTrip: HostFigure
        let limitedRoundTrip: HostFigure
        let roundTripRatio: Double
        /// The run that writes 1,000 blocks of 4 KiB, without and with the limit, and with / without.
        let writes: HostFigure
        let limitedWrites: HostFigure
        let writesRatio: Double
        /// (limited - unlimited) / 1,000: what the host's answer adds to one write, nanoseconds.
        let perWrite: Double
    }

    /// The disk limit, by mode.
    var diskWatch: [DiskWatch] = []

    /// Ending a run, by mode: from `end()` to the process reaped, and from cancelling the
    /// awaiting task to the run over. Goal: at most 5 ms.
    struct Control: Sendable, Encodable {
        /// `no sandbox` or `bubblewrap`.
        let mode: String
        /// `end()` → reaped, median.
        let end: HostFigure
        /// Cancellation → run over, median.
        let cancellation: HostFigure
    }

    /// Many sessions at once in one host process.
    struct Concurrency: Sendable, Encodable {
        /// `no sandbox` or `bubblewrap`.
        let mode: String
        /// Sessions run at once.
        let sessions: Int
        /// Wall time of all of them, nanoseconds.
        let concurrentNanoseconds: Double
        /// One round trip (median of the round-trip figure) times `sessions`, the baseline.
        let serialNanoseconds: Double
        /// concurrent / serial.
        let ratio: Double
        /// Peak threads of the host process with one session.
        let peakThreadsOneSession: Int
        /// Peak threads with `sessions` at once; the goal is no growth with the count.
        let peakThreads: Int
        /// Runs that completed.
        let completed: Int
    }

    /// Supervision's /proc reads: one `statm`, one process-table scan, and the processes
    /// the table had.
    var statm: HostFigure?
    var scan: HostFigure?
    var processCount = 0

    /// One compose-sheet keystroke against a channel ping, by mode. Goal: p99 under 2 ms
    /// and at most 3 times the ping.
    struct Keystroke: Sendable, Encodable {
        /// `no sandbox` or `bubblewrap`.
        let mode: String
        /// Edits timed.
        let edits: Int
        /// Median and p99 of one edit's round trip, nanoseconds.
        let median: Double
        let p99: Double
        /// Median and p99 of an empty frame's round trip between two channels of the host.
        let pingMedian: Double
        let pingP99: Double
    }

    /// Compose-sheet keystrokes, by mode.
    var keystrokes: [Keystroke] = []

    /// The round trips, by mode.
    var roundTrips: [RoundTrip] = []
    /// Control latency, by mode.
    var control: [Control] = []
    /// Concurrent sessions, by mode.
    var concurrency: [Concurrency] = []
    /// The `noop` round trip without a file, measured with the hand-offs.
    var handOffNoFile: HostFigure?
    /// Whether the hand-offs ran under bubblewrap.
    var handOffSandboxed = false
    /// The hand-offs, smallest file first.
    var handOffs: [HandOff] = []
    /// What was skipped or went wrong.
    var notes: [String] = []
}

/// One measured variant: its median, spread and failures.
struct HostFigure: Sendable, Encodable {
    /// What was measured.
    let name: String
    /// Median nanoseconds per call.
    let nanoseconds: Double
    /// (slowest − fastest round) / median.
    let spread: Double
    /// Rounds of calls per round.
    let rounds: Int
    /// Calls per round.
    let callsPerRound: Int
    /// Calls that failed or gave an unexpected result.
    let failures: Int

    /// The figure of `sample`.
    init(_ sample: InterleavedSampler.Sample) {
        name = sample.name
        nanoseconds = sample.measurement.nanosecondsPerOperation
        spread = sample.measurement.spread
        rounds = sample.measurement.rounds.count
        callsPerRound = sample.measurement.callsPerRound
        failures = sample.failures
    }
}
