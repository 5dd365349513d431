import CAppexSystem
import Foundation
import SystemSupport

/// Which sandboxes this machine offers, and why one it lacks is missing.
///
/// bubblewrap is `bwrap` on the host's `PATH`, or the program that
/// ``bubblewrapEnvironmentVariable`` names (a test hides bubblewrap by naming a path that
/// does not exist). Landlock is the running kernel's, from Linux 6.12 (ABI
/// ``minimumLandlockABI``).
public enum SandboxSupport {
    /// The environment variable that names the bubblewrap program instead of `PATH`'s.
    public static let bubblewrapEnvironmentVariable = "APPEX_BUBBLEWRAP"

    /// The oldest Landlock ABI the policy can be enforced with: 6, the first that scopes
    /// abstract UNIX sockets and signals to the sandbox (Linux 6.12).
    public static let minimumLandlockABI = 6

    /// The bubblewrap program, or `nil` when it is not installed.
    public static func bubblewrapPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let named = environment[bubblewrapEnvironmentVariable], !named.isEmpty {
            return FileManager.default.isExecutableFile(atPath: named) ? named : nil
        }
        return ExecutableSearch.find("bwrap", path: environment["PATH"] ?? "/usr/bin:/bin")
    }

    /// The running kernel's Landlock ABI version: 0 without Landlock.
    public static var landlockABI: Int {
        var abi: Int32 = 0
        return appex_landlock_abi(&abi) == 0 ? Int(abi) : 0
    }

    /// Whether `kind` can run here, or why not, with the Debian package or kernel it needs.
    public static func availability(of kind: SandboxKind,
                                    environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<Void, SandboxUnavailable> {
        switch kind {
        case .bubblewrap:
            if bubblewrapPath(environment: environment) != nil { return .success(()) }
            if let named = environment[bubblewrapEnvironmentVariable], !named.isEmpty {
                return .failure(SandboxUnavailable(kind: kind, reason: "\(bubblewrapEnvironmentVariable) names \"\(named)\", which is not an executable file"))
            }
            return .failure(SandboxUnavailable(kind: kind, reason: "bwrap is not on PATH (apt-get install bubblewrap)"))
        case .landlock:
            let abi = landlockABI
            if abi >= minimumLandlockABI { return .success(()) }
            let reason = abi == 0
                ? "the kernel has no Landlock (it needs CONFIG_SECURITY_LANDLOCK and `landlock` in its lsm= list)"
                : "the kernel's Landlock ABI is \(abi); scoping abstract sockets and signals needs ABI \(minimumLandlockABI) (Linux 6.12)"
            return .failure(SandboxUnavailable(kind: kind, reason: reason))
        }
    }

    /// The strongest sandbox available here: bubblewrap, else Landlock; or why neither is.
    public static func strongestAvailable(environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<SandboxKind, SandboxUnavailable> {
        var reasons: [String] = []
        for kind in SandboxKind.allCases {
            switch availability(of: kind, environment: environment) {
            case .success: return .success(kind)
            case .failure(let missing): reasons.append("\(kind.rawValue): \(missing.reason)")
            }
        }
        return .failure(SandboxUnavailable(kind: nil, reason: "no sandbox is available (" + reasons.joined(separator: "; ") + ")"))
    }
}

/// Why a sandbox cannot run on this machine.
public struct SandboxUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sandbox asked for, or `nil` when any would have done.
    public var kind: SandboxKind?
    /// What is missing, with the package or kernel that provides it.
    public var reason: String

    /// Creates the error.
    public init(kind: SandboxKind?, reason: String) {
        self.kind = kind
        self.reason = reason
    }

    public var description: String { reason }
}
