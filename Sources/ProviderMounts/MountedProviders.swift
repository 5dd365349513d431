import Foundation
import Glibc

/// The providers mounted on this machine, read from `/proc/self/mountinfo` (`fuse.appex`
/// mounts), for `appex files status` and `appex doctor`.
public struct MountedProvider: Hashable, Sendable, Codable {
    /// The mounted folder.
    public var folder: String
    /// The provider's bundle identifier.
    public var provider: String
    /// Whether its serving process still answers (a mount whose process died fails every
    /// call with ENOTCONN until it is unmounted).
    public var isServed: Bool

    /// Every mount of a provider, in mount order; an error when the mount table cannot be read.
    public static func all() throws(ProviderMountError) -> [MountedProvider] {
        try MountPoint.mounts().filter { $0.type == "fuse.appex" }.map { mount in
            var info = stat()
            let served = stat(mount.point, &info) == 0 || errno != ENOTCONN
            return MountedProvider(folder: mount.point, provider: String(mount.source.dropFirst("appex:".count)), isServed: served)
        }
    }

    /// The default folder of a provider named `name`: `$XDG_RUNTIME_DIR/appex/Files/<name>`,
    /// or the temporary folder's `appex-<uid>/Files/<name>` when there is no runtime folder.
    public static func defaultFolder(named name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true).appendingPathComponent("appex") }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("appex-\(getuid())")
        let plain = name.replacingOccurrences(of: "/", with: "-")
        return base.appendingPathComponent("Files", isDirectory: true).appendingPathComponent(plain.isEmpty ? "Provider" : plain, isDirectory: true)
    }
}

extension MountedProvider {
    /// Unmounts the folder with `fusermount3 -u` (blocking: a command's, never the loop's);
    /// fusermount3's words when it refuses (a program has a file open there, say).
    public func unmount() throws(ProviderMountError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["fusermount3", "-u", folder]
        let words = FileManager.default.temporaryDirectory.appendingPathComponent("appex-unmount-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: words.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: words) } // a leftover of a few bytes in /tmp
        do {
            let handle = try FileHandle(forWritingTo: words)
            defer { try? handle.close() } // closing a file only read by this process afterwards
            process.standardError = handle
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        } catch {
            throw ProviderMountError(.mountFailed, "cannot run fusermount3 to unmount \(folder): \(error.localizedDescription)")
        }
        guard process.terminationStatus == 0 else {
            let words = (try? String(contentsOf: words, encoding: .utf8)) ?? "" // fusermount3's, if readable: the status is said either way
            let text = words.trimmingCharacters(in: .whitespacesAndNewlines)
            throw ProviderMountError(.mountFailed, "cannot unmount \(folder): \(text.isEmpty ? "fusermount3 exited with \(process.terminationStatus)" : text)")
        }
    }
}
