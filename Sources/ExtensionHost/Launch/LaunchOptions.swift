import ExtensionIPC
import Foundation

/// How the host launches and limits an extension process.
public struct LaunchOptions: Sendable {
    /// Whether to run the extension in a sandbox (the default). Without it the extension
    /// runs with the host's rights: only for development (`--no-sandbox`).
    public var sandboxed: Bool
    /// Which sandbox, when ``sandboxed``: `nil` (the default) for the strongest this
    /// machine has, bubblewrap and then Landlock (``SandboxSupport``).
    public var sandboxKind: SandboxKind?
    /// The most resident memory of the extension's processes (120 MB, Apple's share limit).
    public var memoryCap: Int?
    /// The most descriptors each of the extension's processes may hold open, in a sandbox
    /// (RLIMIT_NOFILE: 1024, the usual default of a Linux login).
    public var descriptorCap: Int? = 1024
    /// The most processes and threads the extension may add to its first thread (256): in a
    /// sandbox it leads a PID namespace whose pid_max holds it there, and the host ends it
    /// once it is at the cap (`task-limit-exceeded`: a fork bomb). `nil`: no cap, and under
    /// Landlock no namespaces, so no private /proc and /tmp either.
    public var taskCap: Int? = 256
    /// The most bytes the sandbox's private /tmp may hold (64 MiB): a tmpfs, whose pages are
    /// the host's memory (under Landlock only with ``taskCap``, whose namespaces it needs).
    public var temporarySize: Int? = 64 << 20
    /// The most its data container may hold, with what a run adds to its app groups,
    /// sandboxed or not: each call that may grow a file waits for the host, which ends the
    /// run (`disk-limit-exceeded`) before a call past the cap returns; no single file may
    /// grow past it either (docs/HOST.md, "Limits and errors"). 1 GB by default (a ruling:
    /// Apple sets no size, the device's free space is the limit there); `nil`: no limit.
    public var diskCap: Int? = 1_000_000_000
    /// The longest the extension may run before it is killed.
    public var wallClock: Duration?
    /// How long the extension may take to say hello after it starts.
    public var startTimeout: Duration
    /// How long the extension may still run after its completion was acknowledged
    /// (docs/ACTIVATION.md, ruling 18: 5 s), before it is ended and its completion handler told `expired`.
    public var gracePeriod: Duration
    /// What the host's end of the channel accepts from the extension.
    public var channelLimits: ChannelLimits
    /// Answers the extension's `open(_:)` requests (already allowed by the point's policy);
    /// the default opens nothing.
    public var openURL: @Sendable (URL) -> Bool
    /// Extra environment variables for the extension.
    public var environment: [String: String]
    /// Where crash reports are kept (`CrashReports/` of the home); `nil` runs extensions
    /// with Swift's backtracer off and keeps no report.
    public var crashReports: CrashReportStore?
    /// What a compose sheet's state may hold.
    public var composeLimits = ComposeSheetLimits()
    /// What a view controller's snapshot may hold.
    public var viewLimits = ViewLimits()
    /// What a widget's state may hold.
    public var widgetLimits = WidgetLimits()
    /// Whether the person allowed full access to the keyboards run with these options (iOS's
    /// "Allow Full Access"): a keyboard that asks for it (`RequestsOpenAccess`) then gets the
    /// network and writes to its app groups. docs/KEYBOARDS.md, "Open access".
    public var allowsKeyboardFullAccess = false
    /// How long a keyboard may take to answer a key before typing falls back to the app and
    /// the keyboard is ended (docs/KEYBOARDS.md, "When a keyboard fails"): 100 ms.
    public var keyboardKeyDeadline: Duration = .milliseconds(100)
    /// The background transfer service extensions with app groups may use; `nil`: none.
    public var transferService: TransferServiceAccess?

    /// Creates options.
    public init(sandboxed: Bool = true, sandboxKind: SandboxKind? = nil, memoryCap: Int? = 120_000_000, wallClock: Duration? = .seconds(120),
                startTimeout: Duration = .seconds(20), gracePeriod: Duration = .seconds(5),
                channelLimits: ChannelLimits = ChannelLimits(maxFramesPerSecond: 5_000, maxBytesPerSecond: 256 << 20),
                openURL: @escaping @Sendable (URL) -> Bool = { _ in false }, environment: [String: String] = [:],
                crashReports: CrashReportStore? = nil) {
        self.sandboxed = sandboxed
        self.sandboxKind = sandboxKind
        self.memoryCap = memoryCap
        self.wallClock = wallClock
        self.startTimeout = startTimeout
        self.gracePeriod = gracePeriod
        self.channelLimits = channelLimits
        self.openURL = openURL
        self.environment = environment
        self.crashReports = crashReports
    }
}
