import CAppexSystem
import Foundation
import SystemSupport

extension SandboxProfile {
    /// One path a Landlock sandbox allows, with what is beneath it.
    package struct LandlockRule: Hashable, Sendable {
        /// The path, the same inside and outside (Landlock mounts nothing).
        package var path: String
        /// Whether the child may write there (else read and run).
        package var writable: Bool
    }

    /// The devices a sandboxed child may open, as bubblewrap's `--dev` provides them:
    /// the bit buckets read-write, the random sources read-only.
    static let landlockDevices: [LandlockRule] = ["/dev/null", "/dev/zero", "/dev/full"].map { LandlockRule(path: $0, writable: true) }
        + ["/dev/random", "/dev/urandom"].map { LandlockRule(path: $0, writable: false) }

    /// The system paths every dynamically linked program needs, read-only: /usr, the
    /// top-level directories that are not merged-/usr links, the dynamic linker's cache,
    /// the CPU list the C library counts processors by, and /proc: libdispatch reads
    /// /proc/TID/stat of its worker threads and crashes when it cannot, and thread IDs
    /// are not known in advance. Landlock's ptrace scope keeps other processes' private
    /// files there (environ, maps, mem, fd) closed; their world-readable ones (cmdline,
    /// stat, status) are readable, as outside any sandbox.
    static func landlockSystemRules() -> [LandlockRule] {
        var paths = ["/usr"]
        for name in ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"]
            where (try? FileManager.default.destinationOfSymbolicLink(atPath: name)) == nil {
            paths.append(name)
        }
        paths += ["/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/localtime", "/sys/devices/system/cpu", "/proc"]
        return paths.filter { FileManager.default.fileExists(atPath: $0) }.map { LandlockRule(path: $0, writable: false) }
    }

    /// What the child may reach under Landlock: the system's paths, the profile's binds,
    /// the harmless devices, its private /tmp read-write and the host's hand-off folder
    /// read-only (``ChildProcess/PrivateFolders``).
    ///
    /// Throws when a bind shows a path somewhere else: Landlock can allow a path but not move it.
    package func landlockRules(privateFolders: ChildProcess.PrivateFolders) throws(ChildProcessError) -> [LandlockRule] {
        for bind in readOnlyBinds + readWriteBinds where bind.source != bind.destination {
            throw ChildProcessError(code: .invalidConfiguration,
                                    message: "the Landlock sandbox cannot show \(bind.source) at \(bind.destination): it allows paths where they are")
        }
        return Self.landlockSystemRules() + Self.landlockDevices
            + readOnlyBinds.map { LandlockRule(path: $0.source, writable: false) }
            + readWriteBinds.map { LandlockRule(path: $0.source, writable: true) }
            + [LandlockRule(path: privateFolders.temporary, writable: true), LandlockRule(path: privateFolders.handOff, writable: false)]
    }

    /// A Landlock ruleset holding `rules`, for a child to enforce (appex_spawn_confined);
    /// TCP is confined unless ``shareNetwork``.
    package func makeLandlockRuleset(_ rules: [LandlockRule], abi: Int) throws(ChildProcessError) -> OwnedFileDescriptor {
        var fd: Int32 = -1
        let created = appex_landlock_create(Int32(abi), shareNetwork ? 0 : 1, &fd)
        guard created == 0 else {
            throw ChildProcessError(code: .sandboxUnavailable, message: "cannot create a Landlock ruleset (ABI \(abi)): \(SystemErrorText.text(created))", errno: created)
        }
        let ruleset = OwnedFileDescriptor(taking: fd)
        for rule in rules {
            let added = appex_landlock_allow_path(fd, Int32(abi), rule.path, rule.writable ? 1 : 0)
            guard added == 0 else {
                ruleset.close()
                throw ChildProcessError(code: .spawnFailed, message: "cannot allow \(rule.path) in the Landlock ruleset: \(SystemErrorText.text(added))", errno: added)
            }
        }
        return ruleset
    }
}
