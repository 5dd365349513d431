import Foundation
import SystemSupport

/// The few file operations the registry and the bundle builder need, with errors that name
/// the paths involved.
enum FileSystem {
    /// Whether something (a file, a folder or a dangling link) is at `url`.
    static func exists(_ url: URL) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: url.path)) != nil
    }

    /// Whether `url` is a folder (links followed).
    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Whether `url` is a regular file itself (not a link to one) with an execute bit set.
    static func isExecutableRegularFile(_ url: URL) -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let mode = attributes[.posixPermissions] as? NSNumber else { return false }
        return mode.intValue & 0o111 != 0
    }

    /// Creates a folder and its parents.
    static func createDirectory(_ url: URL) throws(RegistryError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw RegistryError(.fileSystem, "\(url.path): cannot create the folder: \(error.localizedDescription)")
        }
    }

    /// Copies a file or a folder tree; links are copied as links.
    static func copy(_ source: URL, to destination: URL) throws(RegistryError) {
        do {
            try FileManager.default.copyItem(at: source, to: destination)
        } catch {
            throw RegistryError(.fileSystem, "cannot copy \(source.path) to \(destination.path): \(error.localizedDescription)")
        }
    }

    /// Renames within one file system: atomic, so readers see the old or the new, never a part.
    static func rename(_ source: URL, to destination: URL) throws(RegistryError) {
        guard Foundation.rename(source.path, destination.path) == 0 else {
            throw RegistryError(.fileSystem, "cannot rename \(source.path) to \(destination.path): \(SystemErrorText.text(errno))")
        }
    }

    /// Removes a file or a folder tree; nothing there is not an error.
    static func remove(_ url: URL) throws(RegistryError) {
        guard exists(url) else { return }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw RegistryError(.fileSystem, "cannot remove \(url.path): \(error.localizedDescription)")
        }
    }

    /// Removes what it can, for clean-up paths where the first error must not hide the original one.
    static func removeQuietly(_ url: URL) {
        try? remove(url)
    }

    /// A fresh, unused name beside `url`'s contents: `<prefix><uuid>`.
    static func uniqueName(_ prefix: String) -> String {
        prefix + UUID().uuidString.lowercased()
    }
}
