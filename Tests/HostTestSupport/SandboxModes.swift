import ExtensionIPC
import Foundation
import Testing

/// Whether the tests can run extensions in bubblewrap on this machine, and what a
/// sandboxed case does when they cannot.
///
/// Every process test runs in both sandbox modes. Where bubblewrap is missing, the
/// sandboxed cases are not dropped from the run in silence: each one is cancelled with the
/// reason, so the run reports it as skipped. Under `CI=true` nothing is skipped for lack of
/// the project's own dependencies (.ci/run installs bubblewrap): a missing bubblewrap there
/// fails the case instead.
public enum SandboxAvailability {
    /// Whether bubblewrap is installed where the host looks for it.
    public static let bubblewrapInstalled = SandboxProfile.bubblewrapPath() != nil

    /// Whether the tests run under CI (`CI=true`), where every dependency must be present.
    public static let isContinuousIntegration = ProcessInfo.processInfo.environment["CI"] == "true"
}

/// The sandbox modes a process test runs in: sandboxed and not, on every machine (a
/// sandboxed case calls ``requireSandbox(_:sourceLocation:)`` first).
public let hostSandboxModes: [Bool] = [true, false]

/// The mode for a test that runs once: sandboxed, unless bubblewrap is missing outside CI.
public let preferredSandboxMode: Bool = SandboxAvailability.bubblewrapInstalled || SandboxAvailability.isContinuousIntegration

/// The error that ends a test under CI when one of the project's own dependencies is
/// missing (.ci/run installs them all, so nothing may be skipped there).
public struct DependencyMissing: Error, CustomStringConvertible {
    public var description: String
}

/// Goes on when `present`; else the test case is cancelled — reported as skipped, with a
/// warning saying why, never passed — or, under CI, fails with ``DependencyMissing``.
public func requireDependency(_ present: Bool, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if present { return }
    if SandboxAvailability.isContinuousIntegration {
        throw DependencyMissing(description: reason + ", and under CI=true .ci/run installs it: nothing may be skipped")
    }
    // A case's cancellation alone does not show in the console's summary: the warning does.
    Issue.record(Comment(rawValue: reason), severity: .warning, sourceLocation: sourceLocation)
    try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation)
}

/// Lets a sandboxed case go on only where bubblewrap is installed (``requireDependency(_:_:sourceLocation:)``).
public func requireSandbox(_ sandboxed: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try requireDependency(!sandboxed || SandboxAvailability.bubblewrapInstalled,
                          "bubblewrap is not installed (apt-get install bubblewrap): the sandboxed case is skipped",
                          sourceLocation: sourceLocation)
}

/// Lets a test that needs the tool at `path` go on only where it is installed
/// (``requireDependency(_:_:sourceLocation:)``).
public func requireTool(_ path: String, package: String, for test: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try requireDependency(FileManager.default.isExecutableFile(atPath: path),
                          "\(path) is not installed (Debian package \(package)): \(test) is skipped", sourceLocation: sourceLocation)
}

/// The sandbox modes a test that runs several modes in one body can use here: both, or
/// only the unsandboxed one outside CI without bubblewrap, with a warning in the run that
/// says the sandboxed part was skipped.
public func availableSandboxModes(sourceLocation: SourceLocation = #_sourceLocation) -> [Bool] {
    if SandboxAvailability.bubblewrapInstalled || SandboxAvailability.isContinuousIntegration { return hostSandboxModes }
    Issue.record("bubblewrap is not installed (apt-get install bubblewrap): the sandboxed part of this test is skipped",
                 severity: .warning, sourceLocation: sourceLocation)
    return [false]
}

/// Whether the tool at `path` is installed, for the part of a test that needs it.
///
/// When it is missing, the run says so: a warning that names the skipped part and the
/// Debian package to install, or under CI (where .ci/run installs everything) a failure.
public func toolAvailable(_ path: String, package: String, for part: String,
                          sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    if FileManager.default.isExecutableFile(atPath: path) { return true }
    let message = "\(path) is not installed (Debian package \(package)): \(part) is skipped"
    Issue.record(Comment(rawValue: message), severity: SandboxAvailability.isContinuousIntegration ? .error : .warning,
                 sourceLocation: sourceLocation)
    return false
}
