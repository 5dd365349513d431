import ArgumentParser
import ExtensionIPC

extension SandboxKind: ExpressibleByArgument {}

/// The sandbox options of the commands that run extensions or apps: which sandbox, or none.
struct SandboxOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The sandbox (default: the strongest this machine has; appex doctor says which).",
                               valueName: "kind"))
    var sandbox: SandboxKind?

    @Flag(name: .customLong("no-sandbox"), help: "Run without a sandbox (development only).")
    var noSandbox = false

    func validate() throws {
        if noSandbox, let sandbox { throw ValidationError("--no-sandbox and --sandbox \(sandbox.rawValue) contradict each other") }
    }

    /// Whether to run in a sandbox.
    var sandboxed: Bool { !noSandbox }

    /// The sandbox that will run it, resolved now so that a machine without one hears why
    /// before anything starts; `nil` with `--no-sandbox`.
    func resolved() throws -> SandboxKind? {
        guard sandboxed else { return nil }
        let found = sandbox.map { kind in SandboxSupport.availability(of: kind).map { kind } } ?? SandboxSupport.strongestAvailable()
        switch found {
        case .success(let kind): return kind
        case .failure(let missing):
            throw CommandFailure("\(missing.reason). Install the Debian package `bubblewrap`, or run with --no-sandbox (development only); `appex doctor` says what this machine has.")
        }
    }
}

extension SandboxKind {
    /// How the CLI names it in a sentence ("bubblewrap", "Landlock").
    var displayName: String {
        switch self {
        case .bubblewrap: "bubblewrap"
        case .landlock: "Landlock"
        }
    }
}
