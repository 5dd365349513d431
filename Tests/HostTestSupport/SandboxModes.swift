import ExtensionHost
import ExtensionIPC
import Foundation
@_exported import TestRules
import Testing

/// The sandboxes this machine offers the tests, and what a sandboxed case does where one
/// is missing.
///
/// Every process test runs under every sandbox (bubblewrap, Landlock) and without one.
/// Where a sandbox is missing, its cases are not dropped from the run in silence: each one
/// is cancelled with the reason, so the run reports it as skipped. Under CI nothing
/// is skipped for lack of the project's own dependencies (.ci/run installs bubblewrap, and
/// CI's kernel has Landlock): a missing sandbox there fails the case instead
/// (``ContinuousIntegration``, ``requireDependency(_:_:sourceLocation:)``).
public enum SandboxAvailability {
    /// Whether `kind` can run here, or why not.
    public static func reason(_ kind: SandboxKind) -> String? {
        switch SandboxSupport.availability(of: kind) {
        case .success: nil
        case .failure(let missing): missing.reason
        }
    }
}

/// A way a process test runs its child: in one of the sandboxes, or without one.
public enum SandboxMode: String, Sendable, Hashable, CaseIterable, CustomTestStringConvertible {
    case bubblewrap
    case landlock
    case none

    /// The sandbox, or `nil` for ``none``.
    public var kind: SandboxKind? { SandboxKind(rawValue: rawValue) }
    /// Whether the child runs in a sandbox.
    public var isSandboxed: Bool { self != .none }
    /// Whether this machine can run it.
    public var isAvailable: Bool { kind.map { SandboxAvailability.reason($0) == nil } ?? true }
    /// The launch options' sandbox settings for this mode, and a start deadline of at least
    /// 120 s: the 20 s default is a bound for an extension that never starts, and a full run
    /// on two loaded cores (dozens of sandboxed launches at once) has taken longer than
    /// that to say hello (docs/ARCHITECTURE.md, "Tests").
    public func options(_ options: LaunchOptions = LaunchOptions()) -> LaunchOptions {
        var copy = options
        copy.sandboxed = isSandboxed
        copy.sandboxKind = kind
        copy.startTimeout = max(copy.startTimeout, .seconds(120))
        return copy
    }
    /// A profile for this mode (`nil` unsandboxed), for tests that launch children directly.
    package func profile(_ profile: SandboxProfile = SandboxProfile()) -> SandboxProfile? {
        guard let kind else { return nil }
        var copy = profile
        copy.kind = kind
        return copy
    }

    /// The `appex` options that ask for this mode (`--sandbox KIND`, or `--no-sandbox`).
    public var commandLineArguments: [String] { kind.map { ["--sandbox", $0.rawValue] } ?? ["--no-sandbox"] }

    public var testDescription: String { self == .none ? "no sandbox" : rawValue }
}

/// The sandbox modes a process test runs in: every sandbox and none, on every machine (a
/// sandboxed case calls ``requireSandbox(_:sourceLocation:)`` first).
public let hostSandboxModes: [SandboxMode] = SandboxMode.allCases

/// The sandboxed modes alone, for tests of what a sandbox stops.
public let sandboxedModes: [SandboxMode] = SandboxMode.allCases.filter(\.isSandboxed)

/// The mode for a test that runs once: the strongest sandbox here, bubblewrap under CI,
/// and no sandbox only where neither is installed outside CI.
public let preferredSandboxMode: SandboxMode = {
    if ContinuousIntegration.isOn { return .bubblewrap }
    return SandboxMode.allCases.first { $0.isAvailable } ?? .none
}()

/// Lets a case go on only where its sandbox can run (``requireDependency(_:_:sourceLocation:)``).
public func requireSandbox(_ mode: SandboxMode, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let reason = mode.kind.flatMap(SandboxAvailability.reason)
    try requireDependency(reason == nil, "\(mode.rawValue) cannot run here (\(reason ?? "")): the case is skipped",
                          sourceLocation: sourceLocation)
}

/// Lets a test that needs the tool at `path` go on only where it is installed
/// (``requireDependency(_:_:sourceLocation:)``).
public func requireTool(_ path: String, package: String, for test: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try requireDependency(FileManager.default.isExecutableFile(atPath: path),
                          "\(path) is not installed (Debian package \(package)): \(test) is skipped", sourceLocation: sourceLocation)
}

/// The sandbox modes a test that runs several modes in one body can use here: all of them
/// under CI; elsewhere those this machine has, with a warning in the run for each skipped one.
public func availableSandboxModes(sourceLocation: SourceLocation = #_sourceLocation) -> [SandboxMode] {
    if ContinuousIntegration.isOn { return hostSandboxModes }
    for mode in hostSandboxModes where !mode.isAvailable {
        let reason = mode.kind.flatMap(SandboxAvailability.reason) ?? ""
        Issue.record(Comment(rawValue: "\(mode.rawValue) cannot run here (\(reason)): that part of this test is skipped"),
                     severity: .warning, sourceLocation: sourceLocation)
    }
    return hostSandboxModes.filter(\.isAvailable)
}

/// Whether the tool at `path` is installed, for the part of a test that needs it.
///
/// When it is missing, the run says so: a warning that names the skipped part and the
/// Debian package to install, or under CI (where .ci/run installs everything) a failure.
public func toolAvailable(_ path: String, package: String, for part: String,
                          sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    if FileManager.default.isExecutableFile(atPath: path) { return true }
    let message = "\(path) is not installed (Debian package \(package)): \(part) is skipped"
    Issue.record(Comment(rawValue: message), severity: ContinuousIntegration.isOn ? .error : .warning,
                 sourceLocation: sourceLocation)
    return false
}
