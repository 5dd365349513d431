import ExtensionHost
import Foundation
import Glibc
import SystemSupport

/// The folder a provider is mounted at, and how.
enum MountPoint {
    /// Makes `folder` if missing; refuses one that is not an empty folder, or is already a mount.
    static func prepare(_ folder: URL) throws(ProviderMountError) {
        let path = folder.path
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { throw ProviderMountError(.badMountPoint, "cannot use \(path): \(SystemErrorText.text(errno))") }
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw ProviderMountError(.badMountPoint, "cannot make \(path): \(error.localizedDescription)")
            }
            return
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw ProviderMountError(.badMountPoint, "\(path) is not a folder") }
        if try isMountPoint(path) { throw ProviderMountError(.badMountPoint, "\(path) is already a mount point (`appex files unmount \(path)` ends an earlier mount)") }
        let contents: [String]
        do {
            contents = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw ProviderMountError(.badMountPoint, "cannot read \(path): \(error.localizedDescription)")
        }
        guard contents.isEmpty else {
            throw ProviderMountError(.badMountPoint, "\(path) is not empty (\(contents.count) items); a provider is mounted on an empty folder")
        }
    }

    /// Whether `path` is a mount point, from /proc/self/mountinfo (a dead FUSE mount included,
    /// whose stat fails with ENOTCONN).
    static func isMountPoint(_ path: String) throws(ProviderMountError) -> Bool {
        try mounts().contains { $0.point == path }
    }

    /// The FUSE mounts of Appex's providers on this machine: where, and which provider.
    static func mounts() throws(ProviderMountError) -> [(point: String, source: String, type: String)] {
        let text: String
        do {
            text = try String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8)
        } catch {
            throw ProviderMountError(.mountFailed, "cannot read /proc/self/mountinfo to know what is mounted: \(error.localizedDescription)")
        }
        return text.split(separator: "\n").compactMap { line in
            // id parent major:minor root point options [optional…] - type source super-options
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            guard fields.count > 5, let dash = fields.firstIndex(of: "-"), dash + 2 < fields.count else { return nil }
            return (unescape(String(fields[4])), unescape(String(fields[dash + 2])), String(fields[dash + 1]))
        }
    }

    /// mountinfo writes space, tab, newline and backslash as octal escapes.
    static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "\\"), utf8.count >= 3, let value = UInt8(String(decoding: utf8.prefix(3), as: UTF8.self), radix: 8) {
                bytes.append(value)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// libfuse's options: the provider's identifier as the source (`mount` and `df` show it),
    /// `fuse.appex` as the type, the kernel checking modes, and the mount ended by fusermount3
    /// if this process dies.
    static func options(for installed: InstalledExtension) -> [String] {
        let source = installed.identifier.filter { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" }
        return ["fsname=appex:\(source)", "subtype=appex", "default_permissions", "auto_unmount", "noatime"]
    }
}
