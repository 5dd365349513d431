import AppExtensions
import Foundation
import SystemSupport

/// Runs an extension on one request and reports how it ended.
///
/// The in-process runner (``InProcessRunner``) calls a request handler directly; a runner
/// that starts the extension in a child process (the host) conforms too, so the
/// same test body runs against both:
///
/// ```swift
/// func checkUppercases(_ runner: some ExtensionRunner) async throws {
///     let result = await runner.run(ExtensionRequest(inputItems: try ExtensionInputs.items(from: [.text("hi")])))
///     let items = try result.completedItems()
///     ...
/// }
/// ```
public protocol ExtensionRunner: Sendable {
    /// Runs the extension on `request` until it completes, cancels, or times out.
    func run(_ request: ExtensionRequest) async -> ExtensionRunResult
}

/// One request to an extension: its input items and what its point allows.
public struct ExtensionRequest: Sendable {
    /// The items the host sends (`inputItems`).
    public var inputItems: [ExtensionItem]
    /// What the extension point allows (`open(_:)` policy, the containing app's schemes).
    public var configuration: ExtensionContext.Configuration
    /// How long the extension may take to complete or cancel.
    public var timeout: TimeInterval
    /// Whether the host reports the grace period as run out when acknowledging completion.
    public var acknowledgesAsExpired: Bool

    /// Creates a request; the timeout defaults to 10 seconds.
    public init(inputItems: [ExtensionItem], configuration: ExtensionContext.Configuration = .init(),
                timeout: TimeInterval = 10, acknowledgesAsExpired: Bool = false) {
        self.inputItems = inputItems
        self.configuration = configuration
        self.timeout = timeout
        self.acknowledgesAsExpired = acknowledgesAsExpired
    }
}

/// How a request ended, and what the extension did on the way.
public struct ExtensionRunResult: Sendable {
    /// How a request ended.
    public enum Outcome: Sendable {
        /// `completeRequest(returningItems:)` with these items.
        case completed([ExtensionItem])
        /// `cancelRequest(withError:)` with this error (its userInfo holds the items-and-errors map).
        case cancelled(NSError)
        /// Neither happened within the request's timeout.
        case timedOut(after: TimeInterval)
        /// The extension's process failed: it crashed, hit a limit or broke the protocol
        /// (child-process runners only); the text names the failure.
        case failed(String)
    }

    /// How the request ended.
    public var outcome: Outcome
    /// The URLs the extension had the host open (after the point's policy allowed them).
    public var openedURLs: [URL]
    /// The extension's misuses of its context (finishing twice, refused URLs), in order.
    public var misuses: [ExtensionContextError]

    /// Creates a result.
    public init(outcome: Outcome, openedURLs: [URL] = [], misuses: [ExtensionContextError] = []) {
        self.outcome = outcome
        self.openedURLs = openedURLs
        self.misuses = misuses
    }

    /// The completed items.
    /// - Throws: ``ExtensionRunError`` describing the cancellation or timeout instead.
    public func completedItems() throws(ExtensionRunError) -> [ExtensionItem] {
        switch outcome {
        case .completed(let items): return items
        case .cancelled(let error):
            throw ExtensionRunError(.cancelled, "the extension cancelled the request: \(error.domain) \(error.code) (\(error.localizedDescription))")
        case .timedOut(let seconds):
            throw ExtensionRunError(.timedOut, "the extension neither completed nor cancelled within \(seconds) s")
        case .failed(let failure):
            throw ExtensionRunError(.failed, "the extension failed: \(failure)")
        }
    }

    /// The cancellation error.
    /// - Throws: ``ExtensionRunError`` when the request completed or timed out.
    public func cancellationError() throws(ExtensionRunError) -> NSError {
        switch outcome {
        case .cancelled(let error): return error
        case .completed(let items): throw ExtensionRunError(.completed, "the extension completed the request with \(items.count) item(s)")
        case .timedOut(let seconds):
            throw ExtensionRunError(.timedOut, "the extension neither completed nor cancelled within \(seconds) s")
        case .failed(let failure):
            throw ExtensionRunError(.failed, "the extension failed: \(failure)")
        }
    }
}

/// A run that did not end the way a test expected.
public struct ExtensionRunError: SimpleAppexError, Hashable {
    /// How the run actually ended; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name, such as `timed-out`.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The extension completed the request.
        public static let completed = Code("completed")
        /// The extension cancelled the request.
        public static let cancelled = Code("cancelled")
        /// The extension did neither in time.
        public static let timedOut = Code("timed-out")
        /// The extension's process failed.
        public static let failed = Code("failed")
    }

    /// How the run ended.
    public var code: Code
    /// What happened.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
