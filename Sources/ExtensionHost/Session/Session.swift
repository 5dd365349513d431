import AppExtensions
import ExtensionIPC
import ExtensionWire
import Foundation
import Synchronization

/// One request to one extension process: hello, begin, serve loads, collect the ending.
struct Session: Sendable {
    let process: ChildProcess
    let installed: InstalledExtension
    let items: [ExtensionItem]
    let configuration: ExtensionContext.Configuration
    let options: LaunchOptions
    let control: ExtensionRunControl

    /// A message, or why none came.
    enum Next {
        case message(WireMessage)
        case ended(ProcessEnding?)
        case timedOut
        case violation(String)
    }

    func run(into report: inout ExtensionRunReport) {
        let name = installed.identifier
        switch next(within: options.startTimeout) {
        case .message(.hello(let hello)) where hello.protocolVersion == WireProtocol.version:
            break
        case .message(.hello(let hello)):
            return fail(&report, .protocolViolation, "\(name) speaks protocol version \(hello.protocolVersion); the host speaks \(WireProtocol.version)")
        case .message(let other):
            return fail(&report, .protocolViolation, "\(name) sent \(other.name) before hello")
        case .ended(let ending):
            return report.outcome = .failed(endingError(ending, before: "saying hello"))
        case .timedOut:
            return fail(&report, .startTimedOut, "\(name) did not say hello within \(options.startTimeout)")
        case .violation(let message):
            return fail(&report, .protocolViolation, message)
        }
        do {
            try send(.beginRequest(BeginRequest(items: items.map(WireItem.init), configuration: configuration)))
        } catch {
            return report.outcome = .failed(endingError(process.wait(timeout: .seconds(1)), before: "receiving its request"))
        }
        let server = LoadServer(items: items, session: self)
        while true {
            for command in control.take() {
                switch command {
                case .hostState(let state):
                    try? send(.hostState(HostStateChange(state)))
                case .end:
                    fail(&report, .endedByHost, "the host ended the request to \(name)")
                    return
                }
            }
            switch next(within: .milliseconds(100)) {
            case .message(.loadRequest(let request)):
                server.serve(request)
            case .message(.openURL(let request)):
                let url = URL(string: request.url)
                let opened = url.map { allows($0) && options.openURL($0) } ?? false
                if opened, let url { report.openedURLs.append(url) }
                try? send(.openURLReply(OpenURLReply(requestID: request.requestID, opened: opened)))
            case .message(.misuse(let misuse)):
                report.misuses.append(ExtensionContextError(.init(misuse.code), misuse.message))
            case .message(.cancelRequest(let cancel)):
                report.outcome = .cancelled(cancel.error.nsError)
                return finish()
            case .message(.completeRequest(let complete, let descriptors)):
                report.outcome = .completed(ReturnedItemDecoder.items(from: complete, descriptors: descriptors))
                try? send(.completeAcknowledgement(CompleteAcknowledgement(expired: false)))
                report.completionExpired = !finishWithinGrace()
                return
            case .message(let other):
                return fail(&report, .protocolViolation, "\(name) sent \(other.name), which only a host sends")
            case .ended(let ending):
                return report.outcome = .failed(endingError(ending, before: "completing or cancelling its request"))
            case .timedOut:
                continue
            case .violation(let message):
                return fail(&report, .protocolViolation, message)
            }
        }
    }

    /// Ends the process over a protocol violation or a timeout, with the reason.
    private func fail(_ report: inout ExtensionRunReport, _ code: ExtensionHostError.Code, _ message: String) {
        process.kill(reason: KillReason(code: .terminated, message: message))
        report.outcome = .failed(ExtensionHostError(code, message))
    }

    /// Lets the process end on its own within the grace period, else ends it.
    private func finish() {
        if process.wait(timeout: options.gracePeriod) == nil { process.terminate(grace: .milliseconds(500)) }
    }

    /// Like ``finish()``; whether the process ended within the grace period.
    private func finishWithinGrace() -> Bool {
        if process.wait(timeout: options.gracePeriod) != nil { return true }
        process.terminate(grace: .milliseconds(500))
        return false
    }

    func send(_ message: WireMessage) throws {
        try process.channel.send(try message.frame(), timeout: .seconds(10))
    }

    /// Whether the point's policy lets the extension open `url` (checked again here: the
    /// extension's own check runs in a process the host does not trust).
    private func allows(_ url: URL) -> Bool {
        switch configuration.openURLPolicy {
        case .any: return true
        case .none: return false
        case .containingAppSchemes:
            return url.scheme.map { configuration.containingAppURLSchemes.contains($0.lowercased()) } ?? false
        }
    }
}
