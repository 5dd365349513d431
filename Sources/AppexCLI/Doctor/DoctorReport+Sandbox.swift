import ExtensionIPC
import Foundation

extension DoctorReport {
    /// Which sandbox the host will use and why, what each needs, and what the kernel offers.
    struct Sandboxes: Encodable {
        struct Candidate: Encodable {
            var kind: SandboxKind
            var available: Bool
            /// Where it was found, or what is missing and the Debian package or kernel that provides it.
            var detail: String
        }

        struct Kernel: Encodable {
            var release: String
            /// 0 when the kernel has no Landlock.
            var landlockABI: Int
            /// What the kernel's Landlock can restrict, by the ABI that added it.
            var landlockFeatures: [String]
            var seccomp: Bool
            /// Whether unprivileged user namespaces, which bubblewrap needs, are allowed.
            var userNamespaces: Bool
        }

        /// The sandbox the host uses when none is asked for; `nil` when none is available.
        var uses: SandboxKind?
        var why: String
        var candidates: [Candidate]
        var kernel: Kernel
    }

    /// What Landlock ABI N added, as the kernel documentation lists it.
    static let landlockFeatures = [
        "file system (ABI 1)", "renames and links across directories (ABI 2)", "truncation (ABI 3)",
        "TCP bind and connect (ABI 4)", "device ioctls (ABI 5)", "scoped abstract UNIX sockets and signals (ABI 6)",
        "audit logging (ABI 7)",
    ]

    /// The sandboxes as the host will choose between them.
    static func sandboxes(environment: [String: String] = ProcessInfo.processInfo.environment) -> Sandboxes {
        let abi = SandboxSupport.landlockABI
        let userNamespaces = Self.userNamespacesAllowed()
        let candidates = SandboxKind.allCases.map { kind -> Sandboxes.Candidate in
            switch SandboxSupport.availability(of: kind, environment: environment) {
            case .success:
                let detail = switch kind {
                case .bubblewrap:
                    (SandboxSupport.bubblewrapPath(environment: environment) ?? "bwrap")
                        + (userNamespaces ? ": new namespaces with only the extension's paths mounted"
                                          : ", but the kernel refuses unprivileged user namespaces: bubblewrap will fail to start")
                case .landlock:
                    "Landlock ABI \(abi) with seccomp and no-new-privileges: the extension's paths allowed where they are"
                }
                return .init(kind: kind, available: true, detail: detail)
            case .failure(let missing):
                return .init(kind: kind, available: false, detail: missing.reason)
            }
        }
        let uses = candidates.first { $0.available }?.kind
        let why: String = switch uses {
        case .bubblewrap?: "bubblewrap is installed: the strongest sandbox (its own mount, PID, network and IPC namespaces)"
        case .landlock?: "bubblewrap is missing, and the kernel's Landlock can enforce the same policy without a package"
        case nil: "no sandbox is available: extensions run only with --no-sandbox (development only); apt-get install bubblewrap"
        }
        let kernel = Sandboxes.Kernel(release: Self.kernelRelease(), landlockABI: abi,
                                      landlockFeatures: Array(Self.landlockFeatures.prefix(max(0, min(abi, Self.landlockFeatures.count))))
                                          + (abi > Self.landlockFeatures.count ? ["ABI \(abi): newer than Appex knows"] : []),
                                      seccomp: Self.seccompAvailable(), userNamespaces: userNamespaces)
        return Sandboxes(uses: uses, why: why, candidates: candidates, kernel: kernel)
    }

    static func kernelRelease() -> String {
        (try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
    }

    /// Whether this process's status has a `Seccomp:` line: the kernel has seccomp.
    static func seccompAvailable() -> Bool {
        ((try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? "").contains("\nSeccomp:")
    }

    /// Whether unprivileged user namespaces are allowed: Debian's switch, and the count limit.
    static func userNamespacesAllowed() -> Bool {
        func number(_ path: String) -> Int? {
            (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        if number("/proc/sys/kernel/unprivileged_userns_clone") == 0 { return false }
        return (number("/proc/sys/user/max_user_namespaces") ?? 1) > 0
    }
}
