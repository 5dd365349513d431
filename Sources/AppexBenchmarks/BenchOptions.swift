import Foundation

/// The command line: `appex-bench [types|predicate|host|…|memory|all] [options]`.
struct BenchOptions: Sendable {
    /// Which suites to run.
    enum Suite: String, Sendable {
        /// Conformance and file detection.
        case types
        /// Predicate parsing and evaluation.
        case predicate
        /// The extension host: share round trip and file hand-off.
        case host
        /// Background transfers: 1 GiB up and down against curl, the service's memory.
        case transfers
        /// `appex share --page` against Chromium loading the page alone.
        case pages
        /// A thousand installed extensions: CLI and in-process resolution, install.
        case registry
        /// Ten Today widgets: the first screen's data, a full refresh against the slowest alone.
        case widgets
        /// Custom keyboards: keystroke to commit through ibus-daemon, against IBus's simple engine.
        case keyboard
        /// An extension's peak resident memory in the builds `--build` names.
        case memory
        /// The transfer service killed with SIGKILL at random moments under load: reliability, not speed.
        case soak
        /// All of them (but memory, which needs builds of its own).
        case all
    }

    /// An unusable command line, with the argument at fault.
    struct UsageError: Error, CustomStringConvertible {
        /// What is wrong.
        let description: String
    }

    /// The help text.
    static let usage = """
        usage: appex-bench [types|predicate|host|transfers|pages|registry|widgets|keyboard|memory|soak|all] [options]

          types       UTType conformance and file type detection, against Set/String/stat() baselines
          predicate   predicate parse/evaluate, against GNUstep NSPredicate and #Predicate
          host        extension host round trip against the spawn floor, file hand-off against copying
                      (needs `swift build -c release --product appex-fixture-extension` first)
          transfers   a 1 GiB upload and download through the transfer service against curl, and the
                      service's peak memory (needs `swift build -c release --product appex` first, and curl)
          pages       appex share --page with the Reader example against Chromium loading the page alone
                      (needs `swift build -c release --product appex` first, and chromium; run from the package)
          registry    a thousand extensions from the corpus rules: appex share --url --json against appex --version,
                      ExtensionHost.resolve, and the install of one more app
                      (needs `swift build -c release --product appex` first; run from the package)
          widgets     ten Today widgets: the first screen from snapshots, a full refresh against the slowest widget alone
          keyboard    a custom keyboard through ibus-daemon: keystroke to commit, against IBus's simple engine (run from the repository)
                      (needs `swift build -c release --product appex-fixture-extension` first)
          memory      SaveToNotes's peak resident memory in each build --build names, against the first
                      (Benchmarks/memory.sh makes the four builds and runs it)
          soak        uploads and downloads of 1–50 MB through the transfer service, killed with SIGKILL at random
                      moments: each must end exactly once with exact bytes (needs `--product appex` built beside it)
          all         all of them but memory and soak (the default)

        options:
          --gnustep PATH    the GNUstep peer (Benchmarks/gnustep/build/nspredicate-peer)
          --cases PATH      the predicate cases file (default Benchmarks/cases/predicates.json)
          --filter TEXT     only predicate cases whose name contains TEXT
          --rounds N        timed rounds per benchmark; the median is reported (default 7)
          --round-ms MS     target duration of one round (default 20)
          --iterations N    fixed calls per round instead of calibrating
          --transfer-mib N  the size of each transfer in MiB (default 1024)
          --transfer-rounds N  rounds of each transfer; the median is reported (default 3)
          --soak-transfers N   uploads in the soak, and as many downloads (default 10)
          --soak-kills N       SIGKILLs of the service in the soak (default 20)
          --soak-mib N         the largest soak transfer in MiB (default 50)
          --page-rounds N   rounds of each side of the pages suite (default 7)
          --build LABEL=DIR a products folder holding save-to-notes, for memory (repeatable; default debug=.build/debug)
          --keep-registry-home  keep the registry suite's home (its path is printed) to profile a share against
          --distinct-rules  make every installed extension's rule a text of its own (same decisions), so no two share one
          --json            print the results as JSON instead of tables
        """

    /// The suites to run.
    var suite: Suite = .all
    /// The GNUstep peer executable, when it takes part.
    var gnustepPeer: String?
    /// The shared predicate cases file.
    var casesPath = "Benchmarks/cases/predicates.json"
    /// Only predicate cases whose name contains this.
    var filter: String?
    /// Print JSON instead of tables.
    var json = false
    /// The size of each transfer in the transfers suite.
    var transferBytes = 1 << 30
    /// Rounds of each transfer.
    var transferRounds = 3
    /// The soak's uploads (and as many downloads), kills, and largest transfer.
    var soakTransfers = 10
    var soakKills = 20
    var soakBytes = 50 << 20
    /// Keep the registry suite's home of a thousand extensions, and print where it is.
    var keepsRegistryHome = false
    /// Give every extension of the registry suite a rule text of its own.
    var distinctRules = false
    /// Rounds of each side of the pages suite.
    var pageRounds = 7
    /// The builds the memory suite measures, the baseline first.
    var memoryBuilds: [MemorySuite.Build] = []
    /// Round count and duration.
    var settings = MeasureSettings()

    /// Parses the arguments (without the program name).
    init(arguments: [String]) throws {
        var rest = arguments[...]
        if let first = rest.first, let suite = Suite(rawValue: first) {
            self.suite = suite
            rest = rest.dropFirst()
        }
        while let argument = rest.popFirst() {
            func value() throws -> String {
                guard let next = rest.popFirst() else { throw UsageError(description: "\(argument) needs a value") }
                return next
            }
            func positive() throws -> Int {
                let text = try value()
                guard let n = Int(text), n > 0 else {
                    throw UsageError(description: "\(argument) needs a positive integer, not \"\(text)\"")
                }
                return n
            }
            switch argument {
            case "--gnustep": gnustepPeer = try value()
            case "--cases": casesPath = try value()
            case "--filter": filter = try value()
            case "--rounds": settings.rounds = try positive()
            case "--round-ms": settings.roundNanoseconds = Double(try positive()) * 1_000_000
            case "--iterations": settings.fixedCalls = try positive()
            case "--transfer-mib": transferBytes = try positive() << 20
            case "--transfer-rounds": transferRounds = try positive()
            case "--soak-transfers": soakTransfers = try positive()
            case "--soak-kills": soakKills = try positive()
            case "--soak-mib": soakBytes = try positive() << 20
            case "--page-rounds": pageRounds = try positive()
            case "--build":
                let text = try value()
                guard let equals = text.firstIndex(of: "="), equals != text.startIndex, text.index(after: equals) != text.endIndex else {
                    throw UsageError(description: "--build needs LABEL=DIR, not \"\(text)\"")
                }
                memoryBuilds.append(.init(label: String(text[..<equals]),
                                          products: URL(fileURLWithPath: String(text[text.index(after: equals)...]), isDirectory: true)))
            case "--keep-registry-home": keepsRegistryHome = true
            case "--distinct-rules": distinctRules = true
            case "--json": json = true
            default: throw UsageError(description: "unknown argument \"\(argument)\"")
            }
        }
    }
}
