/// The sandboxes an extension process can run in, strongest first.
///
/// Both apply one policy (``SandboxProfile``); docs/HOST.md says what each stops and what
/// it does not.
public enum SandboxKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// bubblewrap (the Debian package `bubblewrap`): new namespaces with only the profile's
    /// paths mounted, a private /tmp, /proc and /dev, no network unless the profile shares it.
    case bubblewrap
    /// The kernel's own confinement, needing no package: a Landlock ruleset over the
    /// profile's paths (TCP, abstract UNIX sockets and signals scoped too), a seccomp
    /// filter, and no new privileges, set up in the child between fork and exec.
    case landlock
}
