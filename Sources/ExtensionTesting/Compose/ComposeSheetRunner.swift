import AppExtensions
import ComposeSheet
import Foundation

/// Drives an extension's compose sheet as a user would — the same test body in this
/// process (``InProcessComposeRunner``) and in a child process (``ChildProcessComposeRunner``).
///
/// ```swift
/// func checkPosts(_ runner: some ComposeSheetRunner) async throws {
///     let run = await runner.run(ExtensionRequest(inputItems: [ExtensionItem()]),
///                                events: [.textEdited("hello"), .post])
///     #expect(run.steps.last?.refusal == nil)
///     _ = try run.result.completedItems()
/// }
/// ```
public protocol ComposeSheetRunner: Sendable {
    /// Presents the sheet for `request`, applies `events` in order (every one is applied or
    /// refused), and reports each state and how the request ended.
    func run(_ request: ExtensionRequest, events: [ComposeSheetEvent]) async -> ComposeSheetRun
}

/// What a scripted compose session showed and how it ended.
public struct ComposeSheetRun: Sendable {
    /// One event and what came of it.
    public struct Step: Sendable {
        /// The event.
        public var event: ComposeSheetEvent
        /// The sheet after it (unchanged when refused); `nil` when the run had ended.
        public var state: ComposeSheetState?
        /// The refusal's code (`post-disabled`, …), when the event could not apply.
        public var refusal: String?
    }

    /// The sheet as presented; `nil` when the extension showed none.
    public var initial: ComposeSheetState?
    /// Each event, in order.
    public var steps: [Step]
    /// How the request ended.
    public var result: ExtensionRunResult
}
