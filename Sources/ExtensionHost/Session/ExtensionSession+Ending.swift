import AppExtensions
import ExtensionIPC
import ExtensionWire
import Foundation

extension ExtensionSession {
    /// Records `outcome` if nothing decided the run yet; `true` if this call decided it.
    @discardableResult
    func decide(_ outcome: ExtensionRunReport.Outcome) -> Bool {
        let (decided, timer) = state.withLock { state -> (Bool, EventLoop.TimerID?) in
            guard !state.decided else { return (false, nil) }
            state.decided = true
            state.report.outcome = outcome
            defer { state.startTimer = nil }
            return (true, state.startTimer)
        }
        if let timer { loop?.cancel(timer) }
        return decided
    }

    /// Fails the run with `error` (if undecided) and kills the extension now.
    func fail(_ error: ExtensionHostError) {
        decide(.failed(error))
        process?.kill(reason: KillReason(code: .terminated, message: error.message))
    }

    /// Ends the run with `error` unless it is already over.
    func end(_ error: ExtensionHostError) {
        guard !state.withLock({ $0.finished }) else { return }
        fail(error)
    }

    /// After completing or cancelling, the process may run on for the grace period; then
    /// it is terminated (a completion's acknowledgement then counts as expired).
    func armGrace(completed: Bool) {
        guard let loop, let process else { return }
        let timer = loop.schedule(after: options.gracePeriod) { [self] in
            if completed { state.withLock { $0.report.completionExpired = true } }
            process.terminate(reason: KillReason(code: .terminated, message: "still running \(options.gracePeriod) after its request ended"),
                              grace: .milliseconds(500))
        }
        state.withLock { $0.graceTimer = timer }
    }

    /// The process's ending, once the conversation is over: at once if it exited; if it
    /// only closed its channel, it gets two seconds to exit before it is killed, or, when
    /// it crashed and Swift's backtracer is writing its report, up to
    /// ``crashReportTimeLimit``: a crash must read as a crash, not as an early exit (under
    /// load the report of a debug build has taken longer than two seconds).
    func awaitEnding(of process: ChildProcess) async -> ProcessEnding {
        if let ending = process.ending { return ending }
        if let ending = await process.exit(within: .seconds(2)) { return ending }
        if process.isReportingCrash, let ending = await process.exit(within: Self.crashReportTimeLimit) { return ending }
        let undecided = !state.withLock { $0.decided }
        if undecided {
            fail(ExtensionHostError(.exitedEarly, "\(installed.identifier) closed its channel before completing or cancelling its request"))
        } else {
            process.kill(reason: KillReason(code: .terminated, message: "closed its channel but did not exit"))
        }
        return await process.exit()
    }

    /// How long a crashed extension's backtracer may take to write its report once the
    /// channel has closed, before the run is ended without it (the wall-clock limit still
    /// bounds the whole run).
    static let crashReportTimeLimit: Duration = .seconds(60)

    /// Completes the report and hands it to everyone waiting.
    func finish(ending: ProcessEnding?, standardError: String) {
        let grace = state.withLock { $0.graceTimer }
        if let grace { loop?.cancel(grace) }
        if let ending { decide(.failed(endingError(ending))) }
        let crash = collectCrashReport(ending)
        let (report, waiters) = state.withLock { state -> (ExtensionRunReport, [CheckedContinuation<ExtensionRunReport, Never>]) in
            state.finished = true
            state.report.ending = ending
            state.report.duration = started.duration(to: .now)
            state.report.standardError = standardError
            state.report.crashReport = crash
            if case .failed(let error) = state.report.outcome, error.code == .exitedEarly || error.code == .crashed {
                var message = error.message
                if let crash {
                    let place = crash.firstOwnFrame.map { " in \($0.description)\($0.sourceLocation.map { " at \($0)" } ?? "")" } ?? ""
                    message += ": \(crash.reason)\(place); crash report \(crash.path) (appex crashes show \(crash.identifier))"
                } else if let last = standardError.split(separator: "\n").last(where: { !$0.hasPrefix("*** Signal") }) {
                    message += "; its last words: \(last)"
                }
                state.report.outcome = .failed(ExtensionHostError(error.code, message))
            }
            defer { state.reportWaiters = [] }
            return (state.report, state.reportWaiters)
        }
        if let transferToken { options.transferService?.revoke(transferToken) }
        outbox.finish()
        releaseComposeWaiters()
        releaseViewWaiters()
        releasePresentationWaiters()
        releasePingWaiters()
        releaseWidgetWaiters()
        releaseEditWaiters()
        releaseFileProviderWaiters()
        releaseRequestWaiters(sent: false)
        eventSink.yield(.ended(report))
        eventSink.finish()
        waiters.forEach { $0.resume(returning: report) }
    }

    /// The backtracer's report if the process died of a signal; the run's folder is removed.
    private func collectCrashReport(_ ending: ProcessEnding?) -> CrashReport? {
        guard let crashFolder, let store = options.crashReports else { return nil }
        var signal: String?
        if case .signaled(_, let name)? = ending { signal = name }
        return store.collect(crashFolder, extensionIdentifier: installed.identifier, signal: signal,
                             processIdentifier: process?.pid ?? 0)
    }

    /// The error for a process that ended before completing or cancelling.
    func endingError(_ ending: ProcessEnding) -> ExtensionHostError {
        let name = installed.identifier
        let before = state.withLock { $0.began } ? "completing or cancelling its request" : "saying hello"
        switch ending {
        case .killed(let reason, _):
            let code: ExtensionHostError.Code = switch reason.code {
            case .memoryLimitExceeded: .memoryLimitExceeded
            case .taskLimitExceeded: .taskLimitExceeded
            case .diskLimitExceeded: .diskLimitExceeded
            case .wallClockLimitExceeded: .wallClockLimitExceeded
            default: .protocolViolation
            }
            return ExtensionHostError(code, "\(name) was ended before \(before): \(reason.message)")
        case .signaled(let signal, let signalName):
            return ExtensionHostError(.crashed, "\(name) crashed (\(signalName), signal \(signal)) before \(before)")
        case .exited(let code):
            return ExtensionHostError(.exitedEarly, "\(name) exited with status \(code) before \(before)")
        }
    }
}
