import SystemSupport
import CAppexSystem
import Glibc

extension ChildProcess {
    /// posix_spawn through the C shim, in a new session, with `mapping` placed by number.
    /// Also for a process the caller does not supervise (the transfer service a host starts).
    package static func spawn(path: String, argv: [String], envp: [String],
                      mapping: [Int32: OwnedFileDescriptor]) throws(ChildProcessError) -> Int32 {
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
        defer {
            cArgv.forEach { free($0) }
            cEnvp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = cArgv.withUnsafeBufferPointer { argvPointer in
            cEnvp.withUnsafeBufferPointer { envpPointer in
                appex_spawn(path, argvPointer.baseAddress, envpPointer.baseAddress,
                            sources, targets, Int32(targets.count), 1, &pid)
            }
        }
        if result != 0 {
            throw ChildProcessError(code: .spawnFailed, message: "cannot start \(path): \(SystemErrorText.text(result))", errno: result)
        }
        return pid
    }
}

extension ChildProcess {
    /// Starts a Landlock-confined child (appex_spawn_confined): it enforces `confinement`
    /// on itself between fork and exec, in a new session, dying with this thread.
    static func spawnConfined(path: String, argv: [String], envp: [String], mapping: [Int32: OwnedFileDescriptor],
                              confinement: Confinement) throws(ChildProcessError) -> Int32 {
        for text in [path, confinement.workingDirectory] + argv + envp where text.utf8.contains(0) {
            throw ChildProcessError(code: .invalidConfiguration, message: "argument or environment entry \"\(text)\" contains a NUL byte")
        }
        guard let ruleset = confinement.ruleset.rawValue else {
            throw ChildProcessError(code: .invalidConfiguration, message: "the Landlock ruleset is closed")
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
        let directory = strdup(confinement.workingDirectory)
        defer {
            cArgv.forEach { free($0) }
            cEnvp.forEach { free($0) }
            free(directory)
        }
        var settings = appex_confinement(ruleset_fd: ruleset, landlock_abi: Int32(confinement.abi),
                                         allow_unix_sockets: confinement.allowsUnixSockets ? 1 : 0,
                                         allow_network: confinement.allowsNetwork ? 1 : 0,
                                         working_directory: directory)
        var pid: pid_t = 0
        var stage: Int32 = 0
        let result = cArgv.withUnsafeBufferPointer { argvPointer in
            cEnvp.withUnsafeBufferPointer { envpPointer in
                appex_spawn_confined(path, argvPointer.baseAddress, envpPointer.baseAddress,
                                     sources, targets, Int32(targets.count), &settings, &pid, &stage)
            }
        }
        if result != 0 {
            let step = String(cString: appex_confinement_stage_name(stage))
            let where_ = stage == APPEX_STAGE_EXEC ? "" : " (at \(step))"
            throw ChildProcessError(code: stage == APPEX_STAGE_LANDLOCK || stage == APPEX_STAGE_SECCOMP ? .sandboxUnavailable : .spawnFailed,
                                    message: "cannot start \(path) in the Landlock sandbox\(where_): \(SystemErrorText.text(result))", errno: result)
        }
        return pid
    }
}
