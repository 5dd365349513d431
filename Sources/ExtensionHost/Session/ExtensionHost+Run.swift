import AppExtensions
import ExtensionIPC
import ExtensionWire
import Foundation

extension ExtensionHost {
    /// Runs `installed` on `items` in its own process and reports how it went.
    ///
    /// The extension gets its items as descriptions; its loads come back here and are
    /// served from `items`' providers (files as read-only descriptors). Every failure —
    /// no sandbox, a crash, a limit, garbage on the wire — is a report with its own
    /// ``ExtensionHostError`` code, never a crash of the host.
    /// `control`, when given, lets the caller send host state changes or end the run.
    public func run(_ installed: InstalledExtension, items: [ExtensionItem],
                    configuration: ExtensionContext.Configuration? = nil,
                    control: ExtensionRunControl? = nil) async -> ExtensionRunReport {
        let contextConfiguration = configuration ?? ExtensionContext.Configuration(
            containingAppURLSchemes: Set(installed.bundle.containingApp?.info.urlSchemes ?? []))
        return await withCheckedContinuation { continuation in
            let thread = Thread { [self] in
                continuation.resume(returning: runSynchronously(installed, items: items, configuration: contextConfiguration,
                                                                control: control ?? ExtensionRunControl()))
            }
            thread.name = "appex-session-\(installed.identifier)"
            thread.start()
        }
    }

    func runSynchronously(_ installed: InstalledExtension, items: [ExtensionItem],
                          configuration: ExtensionContext.Configuration, control: ExtensionRunControl) -> ExtensionRunReport {
        var report = ExtensionRunReport(extensionIdentifier: installed.identifier,
                                        outcome: .failed(ExtensionHostError(.launchFailed, "not started")))
        let started = ContinuousClock.now
        let output: OutputCollector
        let process: ChildProcess
        do {
            output = try OutputCollector()
            process = try ChildProcess.launch(self.configuration(for: installed, standardError: output.writeEnd))
            output.writeEnd.close()
        } catch let error as ChildProcessError {
            let code: ExtensionHostError.Code = error.code == .sandboxUnavailable ? .sandboxUnavailable : .launchFailed
            report.outcome = .failed(ExtensionHostError(code, "cannot start \(installed.identifier): \(error.message)"))
            return report
        } catch {
            report.outcome = .failed(ExtensionHostError(.launchFailed, "cannot start \(installed.identifier): \(error)"))
            return report
        }
        let session = Session(process: process, installed: installed, items: items,
                              configuration: configuration, options: options, control: control)
        session.run(into: &report)
        report.ending = process.wait(timeout: .seconds(10)) ?? process.terminate(grace: .milliseconds(500))
        report.duration = started.duration(to: .now)
        report.standardError = output.text()
        if case .failed(let error) = report.outcome, error.code == .exitedEarly || error.code == .crashed,
           let last = report.standardError.split(separator: "\n").last {
            report.outcome = .failed(ExtensionHostError(error.code, error.message + "; its last words: \(last)"))
        }
        return report
    }
}
