import Foundation

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

    /// The folder, relative to the installed app, whose every file belongs to each launch
    /// of the app and of its extensions: the embedded frameworks they load.
    public static let frameworksFolder = "Frameworks/"

    /// Whether `path` (relative to the installed app) is a file of an embedded framework.
    public static func isFrameworkFile(_ path: String) -> Bool { path.hasPrefix(frameworksFolder) }

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

        /// Creates a mismatch.
        public init(path: String, isMissing: Bool) {
            self.path = path
            self.isMissing = isMissing
        }

        public var description: String { isMissing ? "\(path) is missing" : "\(path) differs from its seal" }
    }

    /// The first launch file that is not as sealed, or `nil` when all are.
    public func check() -> Mismatch? {
        let root = bundleRoot.path
        for file in files {
            let full = root + "/" + file.path
            guard let now = FileFingerprint.of(full) else { return Mismatch(path: file.path, isMissing: true) }
            if let sealed = file.fingerprint, now == sealed { continue }
            guard now.size == file.size, (try? FileDigest.sha256(full)) == file.sha256 else {
                return Mismatch(path: file.path, isMissing: false)
            }
        }
        return nil
    }
}
