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
