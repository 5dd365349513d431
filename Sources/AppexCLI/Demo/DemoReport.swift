import ExtensionIPC
import Synchronization

/// What `appex demo --json` prints: each step's shares, runs and what the programs said.
struct DemoReport: Encodable {
    /// The bundle step: the `.app` built and what it holds.
    struct Bundle: Encodable {
        var path: String
        var executable: String
        var plugIns: [String]
    }

    /// The install step.
    struct Install: Encodable {
        var identifier: String
        var extensions: [String]
        var appGroups: [String]
    }

    /// One numbered step: the sheets a host resolved (each with its run, where one ran),
    /// and the lines the extension or the app printed.
    /// What the keyboard step typed (`appex keyboard try --json` has every key).
    struct KeyboardStep: Encodable {
        var keyboard: String
        var script: String
        var text: String
        var composition: String
        /// Keys typed, and how many the keyboard took.
        var keys: Int
        var taken: Int
        var failure: String?
    }

    struct Step: Encodable {
        var number: Int
        var title: String
        var sheets: [ShareReport] = []
        var extensionOutput: [String] = []
        var appOutput: [String] = []
        /// The Today view's widgets, in the step that updates them.
        var widgets: [TodayReport.Widget]?
        /// The photo edit, in the step that makes it.
        var edit: EditReport.Edit?
        var keyboard: KeyboardStep?
    }

    var home: String
    var sandboxed: Bool
    /// The sandbox the extensions and the app ran in (`bubblewrap`, `landlock`), or `nil`.
    var sandbox: SandboxKind?
    var bundle: Bundle?
    var install: Install?
    var steps: [Step] = []
    /// Whether every step completed.
    var completed = false
    /// Why the demo stopped, when it did.
    var error: String?
}

/// The report as the demo goes: a step at a time, from the demo's own tasks.
final class DemoRecorder: Sendable {
    private let report: Mutex<DemoReport>

    init(home: String, sandbox: SandboxKind?) {
        report = Mutex(DemoReport(home: home, sandboxed: sandbox != nil, sandbox: sandbox))
    }

    /// Changes the report.
    func update(_ change: (inout DemoReport) -> Void) {
        report.withLock { change(&$0) }
    }

    /// Changes the current step (the last one begun).
    func updateStep(_ change: (inout DemoReport.Step) -> Void) {
        report.withLock { report in
            guard !report.steps.isEmpty else { return }
            change(&report.steps[report.steps.count - 1])
        }
    }

    /// The report so far.
    var current: DemoReport { report.withLock { $0 } }
}
