import AppExtensions
import ExtensionIPC
import Foundation

/// What happened when the host ran an extension.
public struct ExtensionRunReport: Sendable {
    /// How the request ended.
    public enum Outcome: Sendable {
        /// `completeRequest(returningItems:)`: the returned items, their values loaded.
        case completed([ExtensionItem])
        /// `cancelRequest(withError:)`.
        case cancelled(NSError)
        /// The extension failed (crash, limit, protocol violation…).
        case failed(ExtensionHostError)
    }

    /// The extension's identifier.
    public var extensionIdentifier: String
    /// How the request ended.
    public var outcome: Outcome
    /// URLs the host opened for the extension.
    public var openedURLs: [URL] = []
    /// The extension's misuses of its context, as reported by its runtime.
    public var misuses: [ExtensionContextError] = []
    /// How the process ended, when it did.
    public var ending: ProcessEnding?
    /// The end of the extension's standard error (at most 16 KiB).
    public var standardError: String = ""
    /// From launch to the process's end.
    public var duration: Duration = .zero
    /// Whether the completion was acknowledged as expired (the grace period ran out).
    public var completionExpired = false
    /// Where the extension crashed, when it did and the host keeps crash reports
    /// (``LaunchOptions/crashReports``).
    public var crashReport: CrashReport?

    /// The returned items, or the reason there are none.
    public func completedItems() throws -> [ExtensionItem] {
        switch outcome {
        case .completed(let items): return items
        case .cancelled(let error): throw error
        case .failed(let error): throw error
        }
    }
}
