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
    ///
    /// A file changed in the clock tick its fingerprint saw could change again unseen
    /// (``FileFingerprint/isSettled(at:)``), and a freshly copied bundle is all such files.
    /// So the seal waits for that tick to end, when that is at most `limit` away (a few
    /// milliseconds where times have nanoseconds), and then looks at those files again;
    /// one whose tick is further off, or that changed meanwhile, keeps no fingerprint and
    /// is hashed at every check. A `limit` of zero waits for nothing (a seal carried inside
    /// a bundle keeps no fingerprints).
    /// - Throws: ``BundleSealError`` naming a file that cannot be read, or a special file
    ///   (a pipe, a socket, a device), which no bundle holds.
    public static func make(of bundle: URL, settlingWithin limit: Duration = .milliseconds(50)) throws(BundleSealError) -> BundleSeal {
        var files: [SealedFile] = []
        for (path, status) in try walk(bundle) {
            let full = bundle.appendingPathComponent(path).path
            files.append(SealedFile(path: path, size: Int64(status.st_size), sha256: try FileDigest.sha256(full),
                                    fingerprint: FileFingerprint(status)))
        }
        let now = FileFingerprint.coarseNow()
        let unsettled = files.indices.filter { files[$0].fingerprint?.isSettled(at: now) == false }
        guard !unsettled.isEmpty else { return BundleSeal(files: files) }
        let settles = unsettled.compactMap { files[$0].fingerprint.map { $0.changed + $0.tick } }.max() ?? now
        let (seconds, attoseconds) = limit.components
        guard limit > .zero, settles - now <= seconds * 1_000_000_000 + attoseconds / 1_000_000_000 else {
            for index in unsettled { files[index].fingerprint = nil }
            return BundleSeal(files: files)
        }
        waitForCoarseClock(toPass: settles)
        for index in unsettled {
            files[index] = try settledAgain(files[index], in: bundle)
        }
        return BundleSeal(files: files)
    }

    /// `file` looked at again after its tick: with its fingerprint if it is settled now and
    /// still as hashed, hashed again if it changed, without a fingerprint if unsettled.
    private static func settledAgain(_ file: SealedFile, in bundle: URL) throws(BundleSealError) -> SealedFile {
        let full = bundle.appendingPathComponent(file.path).path
        var status = stat()
        guard lstat(full, &status) == 0 else { throw FileDigest.unreadable(full) }
        let print = FileFingerprint(status)
        let now = FileFingerprint.coarseNow()
        if print == file.fingerprint {
            return SealedFile(path: file.path, size: file.size, sha256: file.sha256, fingerprint: print.isSettled(at: now) ? print : nil)
        }
        // Changed while it was sealed: what is there now, and no fingerprint (it may still be changing).
        return SealedFile(path: file.path, size: Int64(status.st_size), sha256: try FileDigest.sha256(full), fingerprint: nil)
    }

    /// Sleeps until the coarse clock reads at least `time` (nanoseconds since the epoch).
    /// The one wait in sealing, bounded by the caller to a tick of the clock: a file system
    /// reports no event when a tick ends, so there is nothing to wait on but the clock.
    private static func waitForCoarseClock(toPass time: Int64) {
        // The coarse clock lags the precise one by up to a tick: sleep by the precise clock,
        // then once more by what the coarse one still lacks.
        for _ in 0..<4 {
            let remaining = time - FileFingerprint.coarseNow()
            if remaining <= 0 { return }
            var request = timespec(tv_sec: Int(remaining / 1_000_000_000), tv_nsec: Int(remaining % 1_000_000_000) + 1_000_000)
            if request.tv_nsec >= 1_000_000_000 { request.tv_sec += 1; request.tv_nsec -= 1_000_000_000 }
            nanosleep(&request, nil)
        }
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
