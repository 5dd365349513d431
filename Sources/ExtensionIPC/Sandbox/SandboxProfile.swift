import Foundation

/// What a sandboxed child may see and do, whichever sandbox (``SandboxKind``) enforces it.
///
/// The default shows the system's programs and libraries read-only (/usr and the
/// merged-/usr links, the dynamic linker cache), /dev's harmless devices, its own /proc
/// and a private /tmp, and nothing of the user's files; no network unless
/// ``shareNetwork``. Add the extension's bundle with ``readOnlyBinds`` and its
/// containers with ``readWriteBinds``. ``arguments(command:environment:)`` gives the bwrap
/// command line, ``landlockRules(temporaryDirectory:)`` the Landlock rules; docs/IPC.md
/// and docs/HOST.md explain each part.
package struct SandboxProfile: Hashable, Sendable {
    /// A host path shown inside the sandbox, at the same or another path.
    package struct Bind: Hashable, Sendable {
        /// The path on the host.
        package var source: String
        /// The path inside the sandbox.
        package var destination: String

        /// Shows `source` at `destination` (by default the same path).
        package init(_ source: String, at destination: String? = nil) {
            self.source = source
            self.destination = destination ?? source
        }
    }

    /// Paths shown read-only (the bundle, runtime libraries).
    package var readOnlyBinds: [Bind]
    /// Paths shown read-write (the data container, app-group containers).
    package var readWriteBinds: [Bind]
    /// Whether the child keeps the host's network (`--share-net`).
    package var shareNetwork: Bool
    /// The child's working directory inside the sandbox.
    package var workingDirectory: String
    /// Whether the child may create AF_UNIX sockets to connect to a path (the transfer
    /// service's). bubblewrap shows no socket the profile does not bind; under Landlock a
    /// socket file is reachable by its path, so the seccomp filter refuses the socket.
    package var connectsToUnixSockets = false
    /// The sandbox to use, or `nil` for the strongest this machine has (``SandboxSupport``).
    package var kind: SandboxKind?
    /// The most bytes bubblewrap's /tmp may hold (`--size` of its tmpfs, whose pages are the
    /// host's memory, not its disk); `nil`: the kernel's default, half of the host's memory.
    /// Under Landlock /tmp is a folder on the host's disk, counted in the child's disk writes.
    package var temporarySize: Int?

    /// Creates a profile; the system's read-only paths come from ``systemBinds``.
    package init(readOnlyBinds: [Bind] = [], readWriteBinds: [Bind] = [],
                shareNetwork: Bool = false, workingDirectory: String = "/", kind: SandboxKind? = nil) {
        self.kind = kind
        self.readOnlyBinds = readOnlyBinds
        self.readWriteBinds = readWriteBinds
        self.shareNetwork = shareNetwork
        self.workingDirectory = workingDirectory
    }

    /// Where the Swift toolchain keeps its shared runtime libraries on these machines.
    package static let swiftRuntimeDirectory = "/opt/swift/usr/lib/swift/linux"

    /// Where the toolchain keeps Swift's backtracer (`swift-backtrace`), which the runtime
    /// starts when a Swift program crashes.
    package static let swiftBacktracerDirectory = "/opt/swift/usr/libexec/swift/linux"

    /// This profile plus the Swift runtime directory, for executables that link the Swift
    /// runtime dynamically (not built with `-static-stdlib`), and the backtracer's, so a
    /// crash inside the sandbox is symbolicated as outside it. Directories that do not
    /// exist are left out.
    package func addingSwiftRuntime(_ directory: String = SandboxProfile.swiftRuntimeDirectory,
                                   backtracer: String = SandboxProfile.swiftBacktracerDirectory) -> SandboxProfile {
        var copy = self
        for path in [directory, backtracer] where FileManager.default.fileExists(atPath: path) {
            copy.readOnlyBinds.append(Bind(path))
        }
        return copy
    }
}
