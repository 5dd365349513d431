import AppExtensions
import ExtensionHost
import ExtensionUI
import Foundation

/// Drives an extension's own view controller as a person would — the same test body in
/// this process (``InProcessViewControllerRunner``) and in a child process
/// (``ChildProcessViewControllerRunner``).
///
/// ```swift
/// func checkSends(_ runner: some ViewControllerRunner) async throws {
///     let run = await runner.run(ExtensionRequest(inputItems: [ExtensionItem()]),
///                                steps: [.edit("Name", text: "Ada"), .tap("Send"), .alert("Send")])
///     #expect(run.initial?.title == "Fixture")
///     _ = try run.result.completedItems()
/// }
/// ```
public protocol ViewControllerRunner: Sendable {
    /// Presents the controller for `request`, applies `steps` in order against the
    /// snapshot shown (every one is applied, refused, or reported as naming nothing shown),
    /// and reports each snapshot and how the request ended.
    func run(_ request: ExtensionRequest, steps: [ViewStep]) async -> ViewControllerRun
}

/// What a scripted view-controller session showed and how it ended.
public struct ViewControllerRun: Sendable {
    /// One step and what came of it.
    public struct Step: Sendable {
        /// The step.
        public var step: ViewStep
        /// The controller after it (unchanged when refused); `nil` when the run had ended.
        public var snapshot: ViewSnapshot?
        /// The refusal's code (`disabled`, `no-alert`, …) when the action could not apply;
        /// `not-shown` when the step names nothing the snapshot shows.
        public var refusal: String?
    }

    /// The controller as presented; `nil` when the extension showed none.
    public var initial: ViewSnapshot?
    /// Each step, in order.
    public var steps: [Step]
    /// How the request ended.
    public var result: ExtensionRunResult
}

extension ViewControllerRun.Step {
    /// Applies `step` to `shown` with `perform` (the action's answer: the snapshot and a
    /// refusal code, or `nil` once the run is over); the step's record and the snapshot now.
    static func apply(_ step: ViewStep, to shown: ViewSnapshot, isolation: isolated (any Actor)? = #isolation,
                      _ perform: (ViewAction) async -> (ViewSnapshot, String?)?) async -> (Self, ViewSnapshot?) {
        switch shown.action(for: step) {
        case .failure:
            return (Self(step: step, snapshot: shown, refusal: "not-shown"), shown)
        case .success(let action):
            guard let (snapshot, refusal) = await perform(action) else { return (Self(step: step, snapshot: nil, refusal: nil), nil) }
            return (Self(step: step, snapshot: snapshot, refusal: refusal), snapshot)
        }
    }
}
