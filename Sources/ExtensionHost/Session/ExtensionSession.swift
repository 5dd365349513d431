import AppExtensions
import ComposeSheet
import ExtensionIPC
import ExtensionUI
import ExtensionWire
import Foundation
import Synchronization
import TodayWidgets

/// One request to one extension process, live: what the extension does arrives as
/// ``events``, the host can tell it about its state or end it, and ``report()`` says how it
/// went.
///
/// A session exists only inside ``ExtensionHost/withSession(_:items:configuration:_:)``:
/// leaving that scope ends the extension and reaps it. Its loads are served as child
/// tasks of the session, none outlives it.
public final class ExtensionSession: Sendable {
    /// What the extension did, as it happens.
    public enum Event: Sendable {
        /// The extension said hello and received its request.
        case began
        /// The extension asked for a representation of an input attachment; the host's
        /// provider is loading it (as a child task of the session).
        case loadRequested(itemIndex: Int, attachmentIndex: Int, typeIdentifier: String)
        /// The extension asked to open a URL; whether the host opened it.
        case openURL(URL, opened: Bool)
        /// The extension misused its context.
        case misuse(ExtensionContextError)
        /// The extension's compose sheet has a new state (presented, or after an event).
        case composeSheet(ComposeSheetState)
        /// The extension's view controller shows something new (presented, after an
        /// action, or changed on its own).
        case view(ViewSnapshot)
        /// The extension posted a message for its own interface (its web page).
        case interfaceMessage(WebInterfaceMessage)
        /// The widget has a new state (an update's answer, a mode change, a redraw).
        case widget(WidgetState)
        /// The run is over; the last event.
        case ended(ExtensionRunReport)
    }

    /// The extension's identifier.
    public var extensionIdentifier: String { installed.identifier }
    /// What the extension does, in order; ends after ``Event/ended(_:)``.
    public let events: AsyncStream<Event>

    let installed: InstalledExtension
    let items: [ExtensionItem]
    let configuration: ExtensionContext.Configuration
    /// For a keyboard: the field it types into first, and where it runs.
    let keyboard: KeyboardSetup?
    /// For a file provider: where it keeps its files.
    let fileProvider: FileProviderSetup?
    let options: LaunchOptions
    let process: ChildProcess?
    let loop: EventLoop?
    let started: ContinuousClock.Instant
    /// The backtracer's folder for this run, when crash reports are kept.
    let crashFolder: URL?
    /// The token of the extension's transfer-service grant, revoked when the run ends.
    let transferToken: String?
    let eventSink: AsyncStream<Event>.Continuation
    let outbox: AsyncStream<WireMessage>.Continuation
    let outgoing: AsyncStream<WireMessage>
    let state: Mutex<State>

    /// What the session knows so far.
    struct State: Sendable {
        var report: ExtensionRunReport
        /// Set by the first decisive event; later ones do not change it.
        var decided = false
        var began = false
        var finished = false
        var reportWaiters: [CheckedContinuation<ExtensionRunReport, Never>] = []
        var startTimer: EventLoop.TimerID?
        var graceTimer: EventLoop.TimerID?
        var compose = ComposeSessionState()
        var view = ViewSessionState()
        /// Waiting for the extension to present a compose sheet or a view controller.
        var presentationWaiters: [CheckedContinuation<ExtensionPresentation?, Never>] = []
        /// Set once the request has been sent: host messages about it may follow.
        var requestSent = false
        /// Waiting for the request to be sent (`true`) or the run to end first (`false`).
        var requestWaiters: [CheckedContinuation<Bool, Never>] = []
        var pings = PingState()
        var widget = WidgetSessionState()
        var edit = EditSessionState()
        var textEdits = TextEditSequencer()
        var files = FileProviderSessionState()
    }

    /// Launches the extension; a launch failure is a session that has already ended.
    init(host: ExtensionHost, installed: InstalledExtension, items: [ExtensionItem],
         configuration: ExtensionContext.Configuration, keyboard: KeyboardSetup? = nil,
         fileProvider: FileProviderSetup? = nil) async {
        self.installed = installed
        self.items = items
        self.configuration = configuration
        self.keyboard = keyboard
        self.fileProvider = fileProvider
        options = host.options
        started = .now
        // Events nobody reads (``ExtensionHost/run``) must not pile up: the newest are kept,
        // and ``Event/ended(_:)`` is always the last.
        (events, eventSink) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(256))
        (outgoing, outbox) = AsyncStream.makeStream(of: WireMessage.self)
        var report = ExtensionRunReport(extensionIdentifier: installed.identifier,
                                        outcome: .failed(ExtensionHostError(.launchFailed, "not started")))
        var launched: ChildProcess?
        let crashFolder = try? host.options.crashReports?.makeIncomingFolder(for: installed.identifier)
        self.crashFolder = crashFolder
        let transferToken = host.options.transferService?.grant(for: installed)
        self.transferToken = transferToken
        if transferToken != nil { await host.options.transferService?.ensureRunning() }
        if let mismatch = await Self.checkSeal(of: installed) {
            if let transferToken { host.options.transferService?.revoke(transferToken) }
            report.outcome = .failed(ExtensionHostError(.bundleModified, "\(installed.identifier) will not run: \(mismatch) "
                + "(its app was changed after install; install the app again to repair it)"))
        } else {
            do {
                launched = try await ChildProcess.launch(host.configuration(for: installed, crashFolder: crashFolder,
                                                                            transferToken: transferToken))
            } catch {
                if let transferToken { host.options.transferService?.revoke(transferToken) }
                let code: ExtensionHostError.Code = error.code == .sandboxUnavailable ? .sandboxUnavailable : .launchFailed
                report.outcome = .failed(ExtensionHostError(code, "cannot start \(installed.identifier): \(error.message)"))
            }
        }
        process = launched
        loop = launched?.channel.loop
        state = Mutex(State(report: report, decided: launched == nil))
    }

    /// Tells the extension that the host's state changed (its context posts Apple's
    /// `NSExtensionHost…Notification`). Sent in order with other host messages.
    public func hostStateDidChange(_ hostState: ExtensionContext.HostState) {
        outbox.yield(.hostState(HostStateChange(hostState)))
    }

    /// Ends the request now (the user dismissed the sheet): the extension is killed and
    /// reaped, and the run fails with `ended-by-host`. Does nothing once the run is over.
    public func end() {
        end(ExtensionHostError(.endedByHost, "the host ended the request to \(installed.identifier)"))
    }

    /// How the run went, once it is over.
    public func report() async -> ExtensionRunReport {
        await withCheckedContinuation { continuation in
            let report = state.withLock { state -> ExtensionRunReport? in
                if state.finished { return state.report }
                state.reportWaiters.append(continuation)
                return nil
            }
            if let report { continuation.resume(returning: report) }
        }
    }

    /// Waits until the extension's process has ended and been reaped (its pidfd said so);
    /// `nil` when it never started. ``report()`` follows once its standard error is read.
    public func processEnded() async -> ProcessEnding? {
        await process?.exit()
    }

    /// The most misuse reports a run may send before it counts as a protocol violation.
    static let maxMisuses = 64

    /// Sends `message` to the extension, suspending while its socket is full.
    package func send(_ message: WireMessage) async throws {
        guard let process else { throw ChannelError(code: .closed, message: "the extension is not running") }
        try await process.channel.send(message.frame())
    }
}
