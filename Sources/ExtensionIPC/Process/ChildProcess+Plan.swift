import CAppexSystem
import Foundation
import Glibc
import SystemSupport

extension ChildProcess {
    /// How a configuration starts: the program, its arguments and environment, and for a
    /// sandbox what the child sets up on itself before it runs the program.
    struct LaunchPlan {
        var path: String
        var argv: [String]
        var envp: [String]
        /// The sandbox it runs in, or `nil` unsandboxed.
        var kind: SandboxKind?
        /// What the sandboxed child sets up on itself; `nil` unsandboxed.
        var confinement: Confinement?
        /// The sandboxed child's private folders, removed when it has ended.
        var folders: PrivateFolders?

        /// The configuration's disk limit, with the private /tmp counted whole where it is
        /// a folder on the disk (Landlock without the namespaces its tmpfs needs).
        func diskLimit(_ limit: DiskLimit?) -> DiskLimit? {
            guard var limit else { return nil }
            if kind == .landlock, let folders, confinement?.maxTasks == nil || confinement?.temporary == nil {
                limit.containers.append(folders.temporary)
            }
            return limit
        }
    }

    /// What a sandboxed child sets up on itself between fork and exec: its limits, and under
    /// Landlock its confinement. bubblewrap is started this way too, with the limits alone
    /// (it confines its own child, which inherits them).
    struct Confinement {
        /// The Landlock ruleset, or `nil` for bubblewrap.
        var ruleset: OwnedFileDescriptor?
        var abi: Int
        var allowsUnixSockets: Bool
        var allowsNetwork: Bool
        var workingDirectory: String?
        /// RLIMIT_NOFILE, or `nil` to keep the host's.
        var maxOpenFiles: Int?
        /// The most tasks of the child's own PID namespace besides the child (which leads
        /// it), or `nil` for no namespaces (``ProcessLimits/taskCap``).
        var maxTasks: Int?
        /// Under Landlock with ``maxTasks``: the private /tmp's path and the size of the
        /// tmpfs the child mounts there, or `nil` to use the host's folder as it is.
        var temporary: (path: String, size: Int)?
        /// RLIMIT_FSIZE, or `nil` to keep the host's.
        var maxFileSize: Int?
        /// Whether the child installs the disk watch's filter and hands back its listener.
        var watchesDisk = false
        /// Whether this starts a sandbox (bubblewrap or Landlock); `false` for an
        /// unsandboxed child that is started this way for its disk watch alone.
        var startsSandbox = true
        /// Whether the child drops its capabilities and applies no-new-privileges, the
        /// ruleset and the seccomp filter (Landlock).
        var confines: Bool { ruleset != nil }
    }

    /// A sandboxed child's own folders, in one directory only this user can enter under the
    /// host's temporary directory, removed when the child has ended.
    package struct PrivateFolders: Sendable {
        /// The directory holding both.
        package var root: String
        /// Its /tmp (`TMPDIR`) under Landlock, read-write; not made under bubblewrap, which
        /// mounts a tmpfs.
        package var temporary: String { root + "/tmp" }
        /// Where the host gives each file it hands over a second name, read-only to the
        /// child: a reopen of `/proc/self/fd/N` for writing must fail. Landlock checks the
        /// reopen against the file's own path, which is here; in bubblewrap the folder is
        /// a read-only bind mount, and the host opens the file through the child's root
        /// (``ChildProcess/handOffPath(_:)``) so that the descriptor is on that mount.
        package var handOff: String { root + "/files" }
    }

    /// The launch plan for `configuration`: bwrap's command line, the executable's own for
    /// Landlock (with its ruleset and a private temporary directory), or the executable's
    /// unsandboxed.
    static func plan(for configuration: Configuration,
                     environment hostEnvironment: [String: String] = ProcessInfo.processInfo.environment) throws(ChildProcessError) -> LaunchPlan {
        guard configuration.executable.hasPrefix("/") else {
            throw ChildProcessError(code: .invalidConfiguration, message: "executable path \"\(configuration.executable)\" is not absolute")
        }
        var environment = configuration.environment
        environment[Configuration.channelEnvironmentVariable] = String(configuration.channelNumber)
        let command = [configuration.executable] + configuration.arguments
        let disk = configuration.limits.diskLimit
        guard let sandbox = configuration.sandbox else {
            // Unsandboxed, a disk limit still needs its filter, set up between fork and exec.
            let limits = disk.map {
                Confinement(ruleset: nil, abi: 0, allowsUnixSockets: true, allowsNetwork: true, workingDirectory: nil,
                            maxOpenFiles: nil, maxTasks: nil, maxFileSize: $0.cap, watchesDisk: true, startsSandbox: false)
            }
            return LaunchPlan(path: configuration.executable, argv: command, envp: Self.entries(environment), confinement: limits)
        }
        let kind: SandboxKind
        do {
            if let chosen = sandbox.kind {
                try SandboxSupport.availability(of: chosen, environment: hostEnvironment).get()
                kind = chosen
            } else {
                kind = try SandboxSupport.strongestAvailable(environment: hostEnvironment).get()
            }
        } catch {
            throw ChildProcessError(code: .sandboxUnavailable,
                                    message: "\(error.reason); install the Debian package `bubblewrap`, or launch with `sandbox: nil` to run unsandboxed")
        }
        switch kind {
        case .bubblewrap:
            // availability(of:) found it a moment ago.
            let bubblewrap = SandboxSupport.bubblewrapPath(environment: hostEnvironment) ?? "bwrap"
            // bubblewrap mounts its own /tmp: the hand-off folder alone.
            let folders = try makePrivateFolders(withTemporary: false)
            var profile = sandbox
            profile.readOnlyBinds.append(.init(folders.handOff))
            let confinement = Confinement(ruleset: nil, abi: 0, allowsUnixSockets: true, allowsNetwork: true, workingDirectory: nil,
                                          maxOpenFiles: configuration.limits.descriptorCap, maxTasks: configuration.limits.taskCap,
                                          maxFileSize: disk?.cap, watchesDisk: disk != nil)
            return LaunchPlan(path: bubblewrap, argv: [bubblewrap] + profile.arguments(command: command, environment: environment),
                              envp: [], kind: .bubblewrap, confinement: confinement, folders: folders)
        case .landlock:
            let folders = try makePrivateFolders(withTemporary: true)
            do throws(ChildProcessError) {
                let abi = SandboxSupport.landlockABI
                let ruleset = try sandbox.makeLandlockRuleset(sandbox.landlockRules(privateFolders: folders), abi: abi)
                environment["TMPDIR"] = folders.temporary
                let confinement = Confinement(ruleset: ruleset, abi: abi, allowsUnixSockets: sandbox.connectsToUnixSockets,
                                              allowsNetwork: sandbox.shareNetwork, workingDirectory: sandbox.workingDirectory,
                                              maxOpenFiles: configuration.limits.descriptorCap, maxTasks: configuration.limits.taskCap,
                                              temporary: sandbox.temporarySize.map { (folders.temporary, $0) },
                                              maxFileSize: disk?.cap, watchesDisk: disk != nil)
                return LaunchPlan(path: configuration.executable, argv: command, envp: Self.entries(environment),
                                  kind: .landlock, confinement: confinement, folders: folders)
            } catch {
                removePrivateFolders(folders)
                throw error
            }
        }
    }

    private static func entries(_ environment: [String: String]) -> [String] {
        environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }

    /// New private folders (``PrivateFolders``): the hand-off folder, and the private /tmp
    /// `withTemporary`. The first time in a process, the folders that hosts since killed
    /// left behind go first (``sweepAbandonedFolders(in:)``).
    static func makePrivateFolders(withTemporary: Bool) throws(ChildProcessError) -> PrivateFolders {
        _ = sweptOnce
        let folders = PrivateFolders(root: try makePrivateDirectory())
        for path in (withTemporary ? [folders.temporary] : []) + [folders.handOff] where mkdir(path, 0o700) != 0 {
            let error = errno
            removePrivateFolders(folders)
            throw ChildProcessError(code: .systemError, message: "cannot create \(path): \(SystemErrorText.text(error))", errno: error)
        }
        return folders
    }

    /// The name prefix of the private folders; the host's pid follows, then a random part.
    static let privateFolderPrefix = "appex-sandbox-"

    private static let sweptOnce: Void = sweepAbandonedFolders(in: FileManager.default.temporaryDirectory.path)

    /// Removes the private folders in `parent` whose host is gone (`appex-sandbox-PID-…`
    /// where no process PID exists): a host killed with -9 removes nothing itself. A folder
    /// whose PID was reused by another process stays until that one is gone too.
    package static func sweepAbandonedFolders(in parent: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        for name in names where name.hasPrefix(privateFolderPrefix) {
            guard let pid = Int32(name.dropFirst(privateFolderPrefix.count).prefix { $0 != "-" }), pid > 0,
                  Glibc.kill(pid, 0) != 0, errno == ESRCH else { continue }
            removePrivateFolders(PrivateFolders(root: parent + "/" + name))
        }
    }

    /// A new directory only this user can enter, under the host's temporary directory,
    /// named after this process (``sweepAbandonedFolders(in:)``).
    static func makePrivateDirectory() throws(ChildProcessError) -> String {
        let parent = FileManager.default.temporaryDirectory.path
        var template = Array((parent + "/" + privateFolderPrefix + "\(getpid())-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return mkdtemp(base) != nil
        }
        guard made else {
            let error = errno
            throw ChildProcessError(code: .systemError, message: "cannot create the sandbox's private temporary directory in \(parent): \(SystemErrorText.text(error))", errno: error)
        }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Removes a child's private folders and what it left there, off the caller's thread
    /// (often the event loop's): on one serial queue, so that 64 children ending at once
    /// take one thread, not 64 of Dispatch's overcommitting pool.
    static func removePrivateFolders(_ folders: PrivateFolders) {
        folderRemoval.async { try? FileManager.default.removeItem(atPath: folders.root) }
    }

    /// Waits until every removal asked for so far is done (tests).
    package static func waitForFolderRemovals() {
        folderRemoval.sync {}
    }

    private static let folderRemoval = DispatchQueue(label: "appex.sandbox-folder-removal")
}

extension ChildProcess {
    /// The path through which the host opens `path`, a file in the hand-off folder, so that
    /// the descriptor it hands over cannot be reopened for writing: the path itself under
    /// Landlock; in bubblewrap, the same path inside the sandboxed program's root
    /// (`/proc/PID/root`), whose read-only bind mount the descriptor then carries. `nil`
    /// when the program cannot be found (it is gone, or bubblewrap is still setting up).
    package func handOffPath(_ path: String) -> String? {
        switch sandboxKind {
        case .bubblewrap?:
            let program = ProcessTree.members(of: pid).first { $0 != pid && ProcessTree.commandName(of: $0) != "bwrap" }
            return program.map { "/proc/\($0)/root" + path }
        case .landlock?, nil:
            return path
        }
    }
}
