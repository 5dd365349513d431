import ExtensionManifest
import Foundation

extension InstalledExtension {
    /// The icon file the share sheet draws for the extension, or `nil` for a monogram.
    ///
    /// The lookup (``BundleIcon``): the names of the extension's
    /// `CFBundleIcons.CFBundlePrimaryIcon.CFBundleIconFiles` (last listed, the largest,
    /// first), then its `CFBundleIconFile`, each tried as written, then with `.png` and
    /// `.svg`, in the installed `.appex` folder (and its `Contents/Resources/`); then the
    /// same keys in the containing app's Info.plist, inside the app's folder. A file counts
    /// only when its real path (symbolic links resolved) is inside that bundle's folder, it
    /// is a regular file and it is at most 1 MiB. The URL returned is that real path.
    ///
    /// Reads the file system: from async code, call it through `Offload.perform`.
    public func iconFileURL() -> URL? {
        bundle.iconFileURL(bundleFolder: bundleURL)
    }
}
