import AppExtensions
import ExtensionHost
import Foundation

/// Runs an installed extension in its own (by default sandboxed) process, through the
/// same ``ExtensionHost`` that `appex share` uses.
///
/// A test body written against ``ExtensionRunner`` runs unchanged against this runner and
/// ``InProcessRunner``:
///
/// ```swift
/// for runner in [InProcessRunner { Uppercase() }, ChildProcessRunner(installed)] as [any ExtensionRunner] {
///     try await checkUppercases(runner)
/// }
/// ```
public struct ChildProcessRunner: ExtensionRunner {
    /// The extension to run.
    public var installed: InstalledExtension
    /// Launch options; the wall-clock limit becomes the request's timeout.
    public var options: LaunchOptions

    /// A runner for `installed`.
    public init(_ installed: InstalledExtension, options: LaunchOptions = LaunchOptions()) {
        self.installed = installed
        self.options = options
    }

    public func run(_ request: ExtensionRequest) async -> ExtensionRunResult {
        let report = await host(for: request).run(installed, items: request.inputItems, configuration: request.configuration)
        return ExtensionRunResult(report, timeout: request.timeout)
    }

    /// The host for `request`: the wall-clock limit is the request's timeout.
    func host(for request: ExtensionRequest) -> ExtensionHost {
        var options = options
        options.wallClock = .milliseconds(Int(request.timeout * 1000))
        return ExtensionHost(catalog: FixedCatalog([installed]), options: options)
    }
}

extension ExtensionRunResult {
    /// The result a test sees of a host's run report.
    init(_ report: ExtensionRunReport, timeout: TimeInterval) {
        let outcome: Outcome
        switch report.outcome {
        case .completed(let items): outcome = .completed(items)
        case .cancelled(let error): outcome = .cancelled(error)
        case .failed(let error) where error.code == .wallClockLimitExceeded: outcome = .timedOut(after: timeout)
        case .failed(let error): outcome = .failed(error.description)
        }
        self.init(outcome: outcome, openedURLs: report.openedURLs, misuses: report.misuses)
    }
}
