import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Finds the icon file a bundle declares, safely: a file the bundle names that really is
/// inside the bundle, a regular file, and small.
///
/// For each name of ``BundleInfo/iconFiles`` in order (the last-listed, largest
/// `CFBundleIconFiles` entry first, then `CFBundleIconFile`), the lookup tries the name as
/// is, then with `.png`, then with `.svg`, in the bundle folder and then in
/// `Contents/Resources/` (the macOS layout). A candidate counts only when its real path
/// (after every symbolic link, as `realpath(3)` gives it) is inside the bundle folder's
/// real path, it is a regular file, and it is at most ``maximumSize`` bytes; anything else
/// is skipped silently, so a bundle cannot point the sheet at a file outside itself.
public enum BundleIcon {
    /// The largest icon file accepted: 1 MiB.
    public static let maximumSize = 1 << 20

    /// The suffixes tried after each name as written.
    static let suffixes = ["", ".png", ".svg"]

    /// The first acceptable file among `names` in `folder` (see ``BundleIcon``), as its real
    /// path; `nil` when none is. Reads the file system (`realpath`, `stat`).
    public static func file(named names: [String], in folder: URL, maximumSize: Int = maximumSize) -> URL? {
        guard !names.isEmpty, let root = realPath(folder.path) else { return nil }
        let places = [folder, folder.appendingPathComponent("Contents/Resources")]
        for name in names where !name.isEmpty {
            for place in places {
                for suffix in suffixes {
                    let candidate = place.appendingPathComponent(name + suffix).path
                    if let accepted = accept(candidate, root: root, maximumSize: maximumSize) { return accepted }
                }
            }
        }
        return nil
    }

    /// `candidate`'s real path when it lies inside `root`, is a regular file and is small enough.
    static func accept(_ candidate: String, root: String, maximumSize: Int) -> URL? {
        guard let real = realPath(candidate), real.hasPrefix(root == "/" ? "/" : root + "/") else { return nil }
        var status = stat()
        guard stat(real, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) <= maximumSize else { return nil }
        return URL(fileURLWithPath: real)
    }

    /// `realpath(3)`, or `nil` when the path does not resolve.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension ExtensionBundle {
    /// The extension's icon file: the extension's own declared icon (see ``BundleIcon``),
    /// else its containing app's, as iOS shows the containing app's icon for a share
    /// extension; `nil` when neither has an acceptable file (draw a monogram then).
    /// Reads the file system: from async code, call it through `Offload.perform`.
    public func iconFileURL() -> URL? {
        iconFileURL(bundleFolder: bundleURL)
    }

    /// ``iconFileURL()`` with the extension's files in `bundleFolder` (an installed copy).
    public func iconFileURL(bundleFolder: URL?) -> URL? {
        if let bundleFolder, let own = BundleIcon.file(named: info.iconFiles, in: bundleFolder) { return own }
        if let app = containingApp { return BundleIcon.file(named: app.info.iconFiles, in: app.bundleURL) }
        return nil
    }
}
