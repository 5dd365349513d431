import ExtensionHost
import ExtensionIPC
import FileProviders
import Foundation
import Glibc
import SystemSupport

/// A file provider's tree mounted as a folder that every program can open, for as long as a
/// body runs (docs/STORAGE-PROVIDERS.md).
///
/// ```swift
/// try await ProviderMount.with(installed, host: host, at: folder) { mount in
///     // `ls folder`, `cat folder/Note.md`, an editor: each call reaches the provider.
///     await mount.unmounted()          // until `appex files unmount`, or fusermount3 -u
/// }
/// ```
///
/// The folder is mounted with libfuse (`fusermount3`, unprivileged), served on Appex's
/// event loop, and unmounted when the body returns, throws or is cancelled; with
/// `auto_unmount`, also when this process is killed. The provider runs in its sandbox when a
/// call first needs it, and again after it ended.
public struct ProviderMount: Sendable {
    /// The mounted folder.
    public let folder: URL
    /// The provider.
    public let installed: InstalledExtension
    let fileSystem: ProviderFileSystem
    let connection: FUSEConnection

    /// How many times the provider's process has been started.
    public var providerLaunches: Int { fileSystem.process.launches }

    /// Waits until the folder is unmounted from outside (`fusermount3 -u`) or the task is cancelled.
    public func unmounted() async {
        await withTaskCancellationHandler {
            await connection.unmountedSignal()
        } onCancel: {
            connection.wakeUnmountedWaiters()
        }
    }

    /// Ends the provider's running process (it starts again when a call needs it).
    public func endProvider() {
        fileSystem.process.endCurrent()
    }

    /// Mounts `installed`'s tree at `folder` (made if missing; it must be empty) while `body` runs.
    ///
    /// - Parameters:
    ///   - callLimit: the longest one provider call may take; past it the provider is taken to
    ///     hang, ended, and the program's call fails with `EIO`.
    ///   - cacheSeconds: how long the kernel may trust a name or attributes before asking again.
    ///   - log: told why the provider ended whenever a call finds it gone (it crashed, hung,
    ///     broke the protocol, could not start).
    public static func with<Result: Sendable>(
        _ installed: InstalledExtension, host: ExtensionHost, at folder: URL,
        callLimit: Duration = .seconds(10), cacheSeconds: Double = 1,
        log: @escaping @Sendable (String) -> Void = { _ in },
        _ body: (ProviderMount) async throws -> Result
    ) async throws -> Result {
        try FUSEAvailability.check()
        guard installed.declaration?.pointIdentifier == FileProviderPoint.identifier else {
            throw ProviderMountError(.notAProvider, "\(installed.identifier) is not a file provider (its point is \(installed.declaration?.pointIdentifier ?? "missing"))")
        }
        guard ExtensionHost.fileProviderSetup(for: installed) != nil else {
            throw ProviderMountError(.notAProvider, "\(installed.identifier) has no app group to keep its files in (NSExtensionFileProviderDocumentGroup)")
        }
        try MountPoint.prepare(folder)
        let staging = FileManager.default.temporaryDirectory.appendingPathComponent("appex-files-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        defer { Self.removeStaging(staging, log: log) }
        let loop: EventLoop
        do { loop = try EventLoop.shared() } catch {
            throw ProviderMountError(.mountFailed, "the event loop cannot start: \(error.message)")
        }
        let process = ProviderProcess(host: host, installed: installed)
        let fileSystem = ProviderFileSystem(process: process, limits: .init(call: callLimit, cacheSeconds: cacheSeconds), staging: staging,
                                            log: log)
        let connection = try FUSEConnection(mountpoint: folder, options: MountPoint.options(for: installed), loop: loop)
        fileSystem.kernel.withLock { $0 = connection }
        let mount = ProviderMount(folder: folder, installed: installed, fileSystem: fileSystem, connection: connection)
        let outcome: Swift.Result<Result, any Error> = await withDiscardingTaskGroup { group in
            group.addTask { await process.run { fileSystem.signalled($0) } }
            group.addTask {
                await withDiscardingTaskGroup { requests in
                    for await request in connection.requests {
                        requests.addTask { await fileSystem.handle(request) }
                    }
                }
                connection.wakeUnmountedWaiters()
            }
            let outcome: Swift.Result<Result, any Error>
            do { outcome = .success(try await body(mount)) } catch { outcome = .failure(error) }
            await connection.close()
            process.stop()
            group.cancelAll()
            return outcome
        }
        return try outcome.get()
    }
}

extension ProviderMount {
    /// Removes the staging folder when empty; new files the provider never took stay, and
    /// the log says where.
    static func removeStaging(_ staging: URL, log: @Sendable (String) -> Void) {
        let left: [String]
        do {
            left = try FileManager.default.contentsOfDirectory(atPath: staging.path)
        } catch {
            return log("cannot read the staging folder \(staging.path): \(error.localizedDescription)")
        }
        guard left.isEmpty else {
            return log("\(left.count) new file(s) the provider did not take are kept in \(staging.path)")
        }
        if rmdir(staging.path) != 0 { log("cannot remove the staging folder \(staging.path): \(SystemErrorText.text(errno))") }
    }
}

/// The point's identifier, as the host knows it.
enum FileProviderPoint {
    static let identifier = "com.apple.fileprovider-nonui"
}
