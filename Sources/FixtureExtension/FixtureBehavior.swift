import Foundation

/// What the fixture extension does with its request.
enum FixtureBehavior: String, Sendable {
    /// Returns one text item describing every input attachment it loaded.
    case echo
    /// Returns the input text upper-cased (an action extension).
    case uppercase
    /// Loads the first file in place, returns an upper-cased copy as a file.
    case modifyFile = "modify-file"
    /// Loads the first file in place and tries to write to it through the descriptor it
    /// was handed (a reopen of /proc/self/fd/N for writing, after a chmod), reporting what
    /// the kernel said.
    case tamper
    /// Sends SIGURG (ignored by default, so harmless if it arrives) to the process that
    /// `APPEX_FIXTURE_TARGET_PID` names, the host, and reports what the kernel said.
    case signalHost = "signal-host"
    /// Completes at once with nothing (benchmarks).
    case noop
    /// Loads the first attachment's first type in place and returns its first 16 bytes
    /// as text: a hand-off that reads nothing more (benchmarks).
    case peek
    /// Cancels with an error.
    case cancel
    /// Asks the host to open the URL in its input text, then completes.
    case openURL = "open-url"
    /// Dies of SIGSEGV: a real invalid memory access, as a crash is (a signal sent with
    /// kill(2) is not a fault: Swift's backtracer returns from it and the process lives on).
    case crash
    /// Stops at a Swift runtime trap (`fatalError`): SIGILL on x86_64, SIGTRAP on arm64.
    case trap
    /// Loads the first type of every attachment at once and completes with the first
    /// answer: one load that never returns must not hold up the others.
    case raceLoads = "race-loads"
    /// Blocks forever inside beginRequest.
    case hang
    /// Says "ready" through the FIFO `ready.fifo` in its data container, then becomes
    /// `sleep infinity` with the FIFO open: its reader sees the end of the stream exactly
    /// when the process is gone, which no runtime hastens (the kill -9 of the host, HostKillTests).
    case hold
    /// Allocates memory without end.
    case bomb
    /// Writes garbage on the channel.
    case garbage
    /// Completes when the host says it entered the background.
    case awaitBackground = "await-background"
    /// Announces a frame of 2 GiB.
    case oversize
    /// Sends valid messages as fast as it can.
    case flood
    /// Sends a pong for a ping the host never sent.
    case unsolicitedPong = "unsolicited-pong"
    /// Reports which of the paths in APPEX_FIXTURE_PROBE it can read.
    case snoop
    /// Returns from beginRequest and never completes.
    case neverComplete = "never-complete"
    /// A widget calls its update's completion handler twice (a misuse).
    case completeTwice = "complete-twice"
    /// Shows a compose sheet: a 10-character limit, an "Audience" item that pushes a picker.
    case compose
    /// Shows a compose sheet with 10,000 configuration items (more than a host accepts).
    case composeFlood = "compose-flood"
    /// Shows a compose sheet whose "Account" item is pending until the extension's own
    /// task fills it in, after the sheet is on screen.
    case composePending = "compose-pending"
    /// Shows its own view controller (``FixtureViewController``): a note, a switch, Send
    /// and an alert that completes or cancels. At the widget point, a widget written as
    /// on iOS with buttons (``FixtureButtonWidget``).
    case viewController = "view-controller"
    /// Shows a compose sheet titled "New Post" whose Post presents an alert with a field
    /// (``AlertingComposeController``).
    case composeAlert = "compose-alert"
    /// Has its own web interface (``FixtureInterfaceHandler``).
    case webInterface = "web-interface"
    /// A photo editor renders text instead of a JPEG.
    case renderGarbage = "render-garbage"
    /// A photo editor hands back a named pipe as its rendered file.
    case renderFIFO = "render-fifo"

    /// Writes `APPEX_FIXTURE_WRITES` (1,000) blocks of 4 KiB into one file of its data
    /// container, then completes with "wrote N": an app's ordinary writes (the disk
    /// limit's benchmark).
    case writeFiles = "write-files"

    // Attacks (Fixture+Hostile.swift, docs/RELIABILITY.md), each bounded.

    /// Writes files into its data container (or /tmp, per `APPEX_FIXTURE_FOLDER`) up to 256 MiB, and says
    /// how far it got.
    case fillDisk = "fill-disk"
    /// Starts sleep(1) processes until the kernel refuses one or it has started
    /// `APPEX_FIXTURE_BOMB_BOUND` (64), says how far it got on standard error, and waits to
    /// be ended.
    case forkBomb = "fork-bomb"
    /// Starts a sleep(1) (`APPEX_FIXTURE_BOMB_SLEEP` seconds) that outlives it, completes,
    /// and exits as usual.
    case leaveChild = "leave-child"
    /// Opens descriptors until the kernel refuses, and says how many.
    case exhaustDescriptors = "exhaust-descriptors"
    /// Sends the host thousands of descriptors, in frames within the limit and beyond it.
    case descriptorFlood = "descriptor-flood"
    /// Tries to ptrace the host (`APPEX_FIXTURE_TARGET_PID`) and read its memory.
    case ptraceHost = "ptrace-host"
    /// Connects to `APPEX_FIXTURE_CONNECT` (an abstract UNIX socket, a loopback TCP port).
    case connect
    /// Runs `APPEX_FIXTURE_PROGRAM` and returns what it printed.
    case runProgram = "run-program"
    /// Replaces paths in its app group with symbolic links (`APPEX_FIXTURE_PLANT`).
    case plantSymlinks = "plant-symlinks"

    /// The extension point its Info.plist names: the fixture runs as a Today widget or a
    /// photo editor when it says so.
    static func point(_ environment: [String: String]) -> String? {
        info(environment)?["NSExtension"].flatMap { ($0 as? [String: Any])?["NSExtensionPointIdentifier"] as? String }
    }

    /// The load timeout its Info.plist asks for (`AppexFixtureLoadTimeout`, seconds): the
    /// tests' installations give their extensions longer than the 30 s default, so that two
    /// busy cores shared by dozens of concurrent runs do not fail loads that would succeed.
    static func loadTimeout(_ environment: [String: String]) -> TimeInterval? {
        (info(environment)?["AppexFixtureLoadTimeout"] as? NSNumber)?.doubleValue
    }

    private static func info(_ environment: [String: String]) -> [String: Any]? {
        guard let bundle = environment["APPEX_BUNDLE_PATH"],
              let data = FileManager.default.contents(atPath: bundle + "/Info.plist") else { return nil }
        return try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
    }

    static func current(_ environment: [String: String]) -> FixtureBehavior {
        if let name = environment["APPEX_FIXTURE_BEHAVIOR"], let behavior = FixtureBehavior(rawValue: name) { return behavior }
        guard let info = info(environment), let name = info["AppexFixtureBehavior"] as? String,
              let behavior = FixtureBehavior(rawValue: name) else { return .echo }
        return behavior
    }
}
