import ArgumentParser
import ExtensionHost
import ExtensionIPC
import ExtensionRegistry
import Foundation
import Glibc
import ProviderMounts
import SystemSupport

/// `appex files mount`: a provider's tree as a folder, served by a background process
/// (or this one, with `--foreground`) until `appex files unmount`.
struct FilesMountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mount", abstract: "Mount a file provider's tree as a folder.",
        discussion: """
            Returns once the folder is mounted; a background process serves it (its log is \
            beside the folder, .<name>.log) until `appex files unmount`. With --foreground, \
            this process serves it until the folder is unmounted or the process is ended \
            (the folder is then unmounted by fusermount3).
            """)

    @Argument(help: ArgumentHelp("The provider's bundle identifier (optional when one provider is installed).", valueName: "identifier"))
    var identifier: String?

    @Option(name: .customLong("at"), help: ArgumentHelp("The folder to mount at (default: $XDG_RUNTIME_DIR/appex/Files/<provider>).", valueName: "folder"))
    var folder: String?

    @Flag(help: "Serve the folder from this process until it is unmounted.")
    var foreground = false

    @Option(help: ArgumentHelp("The longest one provider call may take, in seconds, before the provider is taken to hang.", valueName: "seconds"))
    var callLimit: Int = 10

    @OptionGroup var homeOptions: HomeOptions
    @OptionGroup var sandboxing: SandboxOptions

    func validate() throws {
        if callLimit < 1 { throw ValidationError("--call-limit is \(callLimit); give a number of seconds from 1") }
    }

    func run() async throws {
        let home = homeOptions.appexHome
        let catalog = try await Offload.perform { try RegistryCatalog.open(home) }
        let installed = try await Offload.perform { try catalog.installedExtensions() }
        let provider = try FilesCommand.choose(identifier, among: installed)
        let target = folder.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? MountedProvider.defaultFolder(named: provider.displayName)
        if let problem = FUSEAvailability.problem() { throw CommandFailure("FUSE cannot be used here: \(problem)") }
        guard foreground else { return try await startServer(for: provider, at: target, home: home) }
        let options = try LaunchOptions.command(sandbox: try sandboxing.resolved(), home: home, transfers: true)
        let host = ExtensionHost(catalog: catalog, options: options)
        let ready = ProcessInfo.processInfo.environment["APPEX_FILES_READY_FD"].flatMap(Int32.init)
        do {
            try await ProviderMount.with(provider, host: host, at: target, callLimit: .seconds(callLimit),
                                         log: { Console.current.printError("appex: \($0)") }) { mount in
                Self.say("mounted \(provider.identifier) at \(mount.folder.path)", to: ready)
                await mount.unmounted()
            }
        } catch let error as ProviderMountError {
            Self.say("error: \(error.message)", to: ready)
            throw CommandFailure(error.message)
        }
    }

    /// Writes `line` where the starting command waits for it (the ready pipe), else to standard output.
    private static func say(_ line: String, to ready: Int32?) {
        guard let ready else { return Console.current.print(line) }
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { DurableFile.writeAll($0, to: ready) }
        close(ready)
    }

    /// Starts `appex files mount --foreground` in its own session, its output in the log beside
    /// the folder, and waits (at most a minute: a provider's start is bounded by less) for its
    /// first line: mounted, or why not.
    private func startServer(for provider: InstalledExtension, at target: URL, home: AppexHome) async throws {
        guard let executable = ExecutableSearch.running else { throw CommandFailure("cannot find this program's executable to start the mount's server") }
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let log = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).log")
        var pipe: [Int32] = [-1, -1]
        guard Glibc.pipe(&pipe) == 0 else { throw CommandFailure("cannot make a pipe: \(SystemErrorText.text(errno))") }
        for end in pipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let reader = OwnedFileDescriptor(taking: pipe[0])
        defer { reader.close() }
        var mapping: [Int32: OwnedFileDescriptor] = [3: OwnedFileDescriptor(taking: pipe[1])]
        let output = open(log.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw CommandFailure("cannot open the mount's log \(log.path): \(SystemErrorText.text(errno))") }
        mapping[1] = OwnedFileDescriptor(taking: output)
        mapping[2] = try OwnedFileDescriptor.duplicating(output)
        var arguments = [executable, "files", "mount", provider.identifier, "--at", target.path, "--foreground",
                         "--call-limit", "\(callLimit)", "--home", home.root.path]
        if sandboxing.noSandbox { arguments.append("--no-sandbox") }
        if let kind = sandboxing.sandbox { arguments += ["--sandbox", kind.rawValue] }
        var environment = ProcessInfo.processInfo.environment
        environment["APPEX_FILES_READY_FD"] = "3"
        do {
            _ = try ChildProcess.spawn(path: executable, argv: arguments, envp: environment.map { "\($0.key)=\($0.value)" }, mapping: mapping)
        } catch {
            throw CommandFailure("cannot start the mount's server: \(error.message)")
        }
        mapping.values.forEach { $0.close() }
        let line = try await Self.firstLine(of: reader, within: .seconds(60))
        guard line.hasPrefix("mounted") else {
            throw CommandFailure(line.isEmpty ? "the mount's server ended without a word (its log: \(log.path))"
                                             : String(line.dropFirst(line.hasPrefix("error: ") ? 7 : 0)))
        }
        Console.current.print(line)
    }

    /// The first line the server writes on `reader`, or what is there when it closes; a
    /// failure after `limit`.
    private static func firstLine(of reader: OwnedFileDescriptor, within limit: Duration) async throws -> String {
        let loop = try EventLoop.shared()
        guard let fd = reader.rawValue else { return "" }
        var text = Data()
        var buffer = [UInt8](repeating: 0, count: 1024)
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            let woken = await withTaskGroup(of: Bool.self) { group in
                group.addTask { await loop.waitUntilReadable(fd); return true }
                group.addTask { await loop.sleep(for: deadline - ContinuousClock.now); return false }
                let first = await group.next() ?? false
                group.cancelAll()
                return first
            }
            guard woken else { break }
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            text.append(contentsOf: buffer[0..<count])
            if text.contains(UInt8(ascii: "\n")) { break }
        }
        guard !text.isEmpty || ContinuousClock.now < deadline else { throw CommandFailure("the mount's server said nothing within \(limit)") }
        return String(decoding: text, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    }
}
