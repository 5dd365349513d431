import Foundation
import Testing

/// Whether the tests run under CI, where every dependency must be present: `CI` set to any
/// non-empty value (.ci/run sets `CI=true`; runners set `true` or `1`). There nothing is
/// skipped for lack of the project's own dependencies, since .ci/run installs them all
/// (docs/ARCHITECTURE.md, "Tests: the rules").
public enum ContinuousIntegration {
    public static let isOn = !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty
}

/// The error that ends a test under CI when one of the project's own dependencies is
/// missing (.ci/run installs them all, so nothing may be skipped there).
public struct DependencyMissing: Error, CustomStringConvertible {
    public var description: String
}

/// Goes on when `present`; else the test case is cancelled — reported as skipped, with a
/// warning saying why, never passed — or, under CI, fails with ``DependencyMissing``.
///
/// The one way a test depends on its machine: SuiteRulesTests lists every call, with what
/// it needs, so a new one must say so.
public func requireDependency(_ present: Bool, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if present { return }
    if ContinuousIntegration.isOn {
        throw DependencyMissing(description: reason + ", and under CI .ci/run installs it: nothing may be skipped")
    }
    // A case's cancellation alone does not show in the console's summary: the warning does.
    Issue.record(Comment(rawValue: reason), severity: .warning, sourceLocation: sourceLocation)
    try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation)
}
