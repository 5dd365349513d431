import SystemSupport
import CAppexSystem
import Glibc

extension ChildProcess {
    /// posix_spawn through the C shim, in a new session, with `mapping` placed by number.
    /// Also for a process the caller does not supervise (the transfer service a host starts).
    package static func spawn(path: String, argv: [String], envp: [String],
                      mapping: [Int32: OwnedFileDescriptor]) throws(ChildProcessError) -> Int32 {
        var pid: pid_t = 0
        let result = try withSpawnArguments(path: path, argv: argv, envp: envp, mapping: mapping) { cArgv, cEnvp, sources, targets in
            appex_spawn(path, cArgv, cEnvp, sources, targets, Int32(targets.count), 1, &pid)
        }
        if result != 0 {
            throw ChildProcessError(code: .spawnFailed, message: "cannot start \(path): \(SystemErrorText.text(result))", errno: result)
        }
        return pid
    }

    /// Starts a sandboxed child (appex_spawn_confined): in a new session, dying with this
    /// thread, it sets its limits and, under Landlock, enforces `confinement` on itself
    /// between fork and exec. With ``Confinement/watchesDisk``, the disk watch's listener
    /// comes back too; the child's watched calls wait until it is answered.
    static func spawnConfined(path: String, argv: [String], envp: [String], mapping: [Int32: OwnedFileDescriptor],
                              confinement: Confinement) throws(ChildProcessError) -> (pid: Int32, diskListener: OwnedFileDescriptor?) {
        let ruleset = confinement.ruleset?.rawValue ?? -1
        if confinement.confines && ruleset < 0 {
            throw ChildProcessError(code: .invalidConfiguration, message: "the Landlock ruleset is closed")
        }
        if let directory = confinement.workingDirectory, directory.utf8.contains(0) {
            throw ChildProcessError(code: .invalidConfiguration, message: "the working directory \"\(directory)\" contains a NUL byte")
        }
        if let temporary = confinement.temporary?.path, temporary.utf8.contains(0) {
            throw ChildProcessError(code: .invalidConfiguration, message: "the temporary folder \"\(temporary)\" contains a NUL byte")
        }
        let directory = confinement.workingDirectory.map { strdup($0) } ?? nil
        let temporary = confinement.maxTasks != nil ? confinement.temporary.map { strdup($0.path) } ?? nil : nil
        defer { free(directory); free(temporary) }
        var settings = appex_confinement(ruleset_fd: ruleset, landlock_abi: Int32(confinement.abi),
                                         confine: confinement.confines ? 1 : 0,
                                         allow_unix_sockets: confinement.allowsUnixSockets ? 1 : 0,
                                         allow_network: confinement.allowsNetwork ? 1 : 0, working_directory: directory,
                                         max_open_files: UInt64(max(0, confinement.maxOpenFiles ?? 0)),
                                         max_tasks: Int32(clamping: max(0, confinement.maxTasks ?? 0)), temporary_path: temporary,
                                         temporary_size: UInt64(max(0, confinement.temporary?.size ?? 0)),
                                         max_file_size: UInt64(max(0, confinement.maxFileSize ?? 0)),
                                         watch_disk: confinement.watchesDisk ? 1 : 0)
        var pid: pid_t = 0
        var stage: Int32 = 0
        var listener: Int32 = -1
        let result = try withSpawnArguments(path: path, argv: argv, envp: envp, mapping: mapping) { cArgv, cEnvp, sources, targets in
            appex_spawn_confined(path, cArgv, cEnvp, sources, targets, Int32(targets.count), &settings, &pid, &stage, &listener)
        }
        if result != 0 {
            let step = stage == APPEX_STAGE_EXEC ? "" : " (at \(String(cString: appex_confinement_stage_name(stage))))"
            let code: ChildProcessError.Code = stage == APPEX_STAGE_LANDLOCK || stage == APPEX_STAGE_SECCOMP ? .sandboxUnavailable : .spawnFailed
            let sandbox = confinement.confines ? "the Landlock sandbox" : confinement.startsSandbox ? "its sandbox" : "its disk watch"
            throw ChildProcessError(code: code, message: "cannot start \(path) in \(sandbox)\(step): \(SystemErrorText.text(result))",
                                    errno: result)
        }
        return (pid, listener >= 0 ? OwnedFileDescriptor(taking: listener) : nil)
    }

    /// Checks and converts what a spawn passes to C: `argv` and `envp` as NUL-terminated
    /// arrays of C strings (freed afterwards), `mapping` as parallel source and target
    /// descriptor lists. `body`'s result is the C call's errno.
    private static func withSpawnArguments(
        path: String, argv: [String], envp: [String], mapping: [Int32: OwnedFileDescriptor],
        _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>, UnsafePointer<UnsafeMutablePointer<CChar>?>, [Int32], [Int32]) -> Int32
    ) throws(ChildProcessError) -> Int32 {
        for text in [path] + argv + envp where text.utf8.contains(0) {
            throw ChildProcessError(code: .invalidConfiguration, message: "argument or environment entry \"\(text)\" contains a NUL byte")
        }
        let targets = mapping.keys.sorted()
        var sources: [Int32] = []
        for target in targets {
            guard let fd = mapping[target]?.rawValue else {
                throw ChildProcessError(code: .invalidConfiguration, message: "the descriptor for child descriptor \(target) is closed")
            }
            sources.append(fd)
        }
        let cArgv = argv.map { strdup($0) } + [nil]
        let cEnvp = envp.map { strdup($0) } + [nil]
        defer { (cArgv + cEnvp).forEach { free($0) } }
        return cArgv.withUnsafeBufferPointer { argvBuffer in
            cEnvp.withUnsafeBufferPointer { envpBuffer in
                // Each buffer holds at least its terminating nil, so both have a base address.
                guard let argvBase = argvBuffer.baseAddress, let envpBase = envpBuffer.baseAddress else { return EINVAL }
                return body(argvBase, envpBase, sources, targets)
            }
        }
    }
}
