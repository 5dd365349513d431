import Foundation

extension SandboxProfile {
    /// The system paths every dynamically linked program needs: /usr read-only, the
    /// top-level merged-/usr links as links (or as binds on a split-/usr system), and the
    /// dynamic linker's cache. Paths the host lacks are left out.
    package static func systemArguments() -> [String] {
        var arguments = ["--ro-bind", "/usr", "/usr"]
        for name in ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"] {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: name) {
                arguments += ["--symlink", target, name]
            } else if FileManager.default.fileExists(atPath: name) {
                arguments += ["--ro-bind", name, name]
            }
        }
        for file in ["/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/localtime"]
            where FileManager.default.fileExists(atPath: file) {
            arguments += ["--ro-bind", file, file]
        }
        return arguments
    }

    /// bwrap's arguments, up to and including `--`, then `command`.
    ///
    /// The child gets exactly `environment` (`--clearenv`, then one `--setenv` each).
    package func arguments(command: [String], environment: [String: String]) -> [String] {
        var arguments = ["--unshare-all"]
        if shareNetwork { arguments.append("--share-net") }
        arguments += ["--die-with-parent", "--new-session", "--cap-drop", "ALL", "--dev", "/dev", "--proc", "/proc"]
        if let temporarySize { arguments += ["--size", String(max(4096, temporarySize))] }
        arguments += ["--tmpfs", "/tmp"]
        arguments += Self.systemArguments()
        for bind in readOnlyBinds { arguments += ["--ro-bind", bind.source, bind.destination] }
        for bind in readWriteBinds { arguments += ["--bind", bind.source, bind.destination] }
        arguments += ["--chdir", workingDirectory, "--clearenv"]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) {
            arguments += ["--setenv", name, value]
        }
        return arguments + ["--"] + command
    }
}
