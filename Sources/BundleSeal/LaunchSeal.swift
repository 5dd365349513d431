import Foundation
import Glibc

/// The files an extension's launch depends on — its executable, its Info.plist, and the
/// frameworks it loads — as sealed at install, checked before each run.
///
/// The check is cheap: one `lstat` per file, compared with the fingerprint taken when the
/// file was sealed. Only a file whose fingerprint changed is hashed, and the run is refused
/// only when its content differs (or it is gone).
public struct LaunchSeal: Hashable, Sendable {
    /// The installed `.app` folder the paths are relative to.
    public var bundleRoot: URL
    /// The sealed launch files.
    public var files: [SealedFile]

    /// Creates a launch seal.
    public init(bundleRoot: URL, files: [SealedFile]) {
        self.bundleRoot = bundleRoot
        self.files = files
    }

    /// A launch file that is not as sealed.
    public struct Mismatch: Hashable, Sendable, CustomStringConvertible {
        /// The file, relative to the installed app.
        public var path: String
        /// Whether the file is gone (rather than changed).
        public var isMissing: Bool

        /// Whether the file, as sealed, is no longer executable.
        public var isNotExecutable: Bool

        /// Creates a mismatch.
        public init(path: String, isMissing: Bool, isNotExecutable: Bool = false) {
            self.path = path
            self.isMissing = isMissing
            self.isNotExecutable = isNotExecutable
        }

        public var description: String {
            isMissing ? "\(path) is missing" : isNotExecutable ? "\(path) is no longer executable" : "\(path) differs from its seal"
        }
    }

    /// The first launch file that is not as sealed, or `nil` when all are.
    ///
    /// A file whose fingerprint changed but whose content did not (a `touch`, a `chmod`)
    /// still passes, except the one at `executable` (a path relative to the app) when it is
    /// no longer executable.
    public func check(executable: String? = nil) -> Mismatch? {
        let root = bundleRoot.path
        for file in files {
            let full = root + "/" + file.path
            guard let now = FileFingerprint.of(full) else { return Mismatch(path: file.path, isMissing: true) }
            if let sealed = file.fingerprint, now == sealed { continue }
            guard now.size == file.size, (try? FileDigest.sha256(full)) == file.sha256 else {
                return Mismatch(path: file.path, isMissing: false)
            }
            if file.path == executable, access(full, X_OK) != 0 {
                return Mismatch(path: file.path, isMissing: false, isNotExecutable: true)
            }
        }
        return nil
    }
}
