import Foundation
import Glibc

/// A record of every file of a bundle — the analogue of `_CodeSignature/CodeResources`:
/// the path, size and SHA-256 of each file and symbolic link under the bundle's folder.
///
/// `appex bundle` writes one into the bundle (``embeddedPath``), so that a bundle can be
/// checked before it is installed; the registry keeps the seal of each installed copy, with
/// each file's fingerprint, and checks an extension's launch files against it before every
/// run (``LaunchSeal``). docs/REGISTRY.md, "The seal".
public struct BundleSeal: Codable, Hashable, Sendable {
    /// Where a bundle carries its own seal, relative to its folder. The folder is left out
    /// of the seal itself.
    public static let embeddedPath = "_AppexSeal/Seal.plist"
    static let embeddedFolder = "_AppexSeal/"

    /// The seal's format; a reader refuses others.
    public var version = 1
    /// The bundle's files, by path.
    public var files: [SealedFile]

    /// Creates a seal of `files`.
    public init(files: [SealedFile]) {
        self.files = files.sorted { $0.path < $1.path }
    }

    /// Seals the bundle at `bundle`: hashes every file and symbolic link under it (not the
    /// embedded seal), noting each one's fingerprint.
    /// - Throws: ``BundleSealError`` naming a file that cannot be read, or a special file
    ///   (a pipe, a socket, a device), which no bundle holds.
    public static func make(of bundle: URL) throws(BundleSealError) -> BundleSeal {
        var files: [SealedFile] = []
        for (path, status) in try walk(bundle) {
            let full = bundle.appendingPathComponent(path).path
            files.append(SealedFile(path: path, size: Int64(status.st_size), sha256: try FileDigest.sha256(full),
                                    fingerprint: FileFingerprint(status)))
        }
        return BundleSeal(files: files)
    }

    /// Compares `bundle` with this seal, hashing every file again.
    public func difference(from bundle: URL) throws(BundleSealError) -> SealDifference {
        try compare(bundle, trustingFingerprints: false)
    }

    /// The files of this seal inside `folder` (a path prefix such as `PlugIns/Share.appex/`).
    public func files(inside folder: String) -> [SealedFile] {
        files.filter { $0.path.hasPrefix(folder) }
    }

    /// Every file and symbolic link under `root`, by path relative to it, with its `lstat`;
    /// the embedded seal's folder left out; sorted by path.
    static func walk(_ root: URL) throws(BundleSealError) -> [(String, stat)] {
        var found: [(String, stat)] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? root.path : root.appendingPathComponent(relative).path
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder)
            } catch {
                throw BundleSealError(.unreadable, "\(folder): \(error.localizedDescription)")
            }
            for name in names {
                let path = relative.isEmpty ? name : relative + "/" + name
                var status = stat()
                let full = root.appendingPathComponent(path).path
                guard lstat(full, &status) == 0 else { throw FileDigest.unreadable(full) }
                switch status.st_mode & S_IFMT {
                case S_IFDIR:
                    if path + "/" != embeddedFolder { pending.append(path) }
                case S_IFREG, S_IFLNK:
                    found.append((path, status))
                default:
                    throw BundleSealError(.unreadable, "\(full) is neither a file, a folder nor a symbolic link")
                }
            }
        }
        return found.sorted { $0.0 < $1.0 }
    }
}

extension BundleSeal {
    /// Compares `bundle` with this seal cheaply: a file whose fingerprint is as sealed is
    /// taken as unchanged, and only the others are hashed again. Added files are found by
    /// walking the bundle. ``difference(from:)`` hashes everything.
    public func quickDifference(from bundle: URL) throws(BundleSealError) -> SealDifference {
        try compare(bundle, trustingFingerprints: true)
    }

    func compare(_ bundle: URL, trustingFingerprints: Bool) throws(BundleSealError) -> SealDifference {
        var sealed = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        var difference = SealDifference()
        for (path, status) in try Self.walk(bundle) {
            guard let entry = sealed.removeValue(forKey: path) else {
                difference.added.append(path)
                continue
            }
            if trustingFingerprints, let print = entry.fingerprint, FileFingerprint(status) == print { continue }
            if Int64(status.st_size) != entry.size {
                difference.modified.append(path)
                continue
            }
            let digest = try FileDigest.sha256(bundle.appendingPathComponent(path).path)
            if digest != entry.sha256 { difference.modified.append(path) }
        }
        difference.missing = sealed.keys.sorted()
        return difference
    }
}
