import BundleSeal
import Foundation
import Imaging
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// A photo as the library sees it: its resolved path, its type, its size, the digest of
/// its bytes.
struct PhotoFile: Sendable {
    /// The most pixels the library edits: 100 megapixels.
    static let maximumPixels = 100_000_000

    var path: String
    var typeIdentifier: String
    /// The suffix its format is written with (`jpg`, `png`, …).
    var suffix: String
    var width: Int
    var height: Int
    var orientation: Int32
    var digest: String

    var url: URL { URL(fileURLWithPath: path) }
    var isJPEG: Bool { typeIdentifier == "public.jpeg" }

    /// The photo at `path`, read whole. Blocking.
    static func read(_ path: String) throws(PhotoLibraryError) -> PhotoFile {
        let (real, digest) = try locate(path)
        let inspection: ImageInspection
        switch ImageInspection.inspect(URL(fileURLWithPath: real), maximumPixels: maximumPixels) {
        case .success(let found): inspection = found
        case .failure(.tooLarge(let width, let height)):
            throw PhotoLibraryError(.tooLarge, "\(path) is \(width)×\(height) pixels; the library edits at most \(maximumPixels / 1_000_000) megapixels")
        case .failure(.unreadable):
            throw PhotoLibraryError(.notAPhoto, "\(path) is not an image libvips can read whole (damaged, truncated, or another kind of file)")
        }
        guard inspection.pages <= 1 else {
            throw PhotoLibraryError(.notAPhoto, "\(path) has \(inspection.pages) frames or pages; the library edits still images only (an edit would keep the first alone)")
        }
        guard let (type, suffix) = format(of: inspection.loader, pathExtension: (real as NSString).pathExtension) else {
            throw PhotoLibraryError(.notAPhoto, "\(path) is an image of a kind the library does not edit (libvips reads it with \(inspection.loader))")
        }
        return PhotoFile(path: real, typeIdentifier: type, suffix: suffix, width: inspection.width, height: inspection.height,
                         orientation: Int32(inspection.orientation), digest: digest)
    }

    /// The resolved path of the regular file at `path` and its digest, without reading it
    /// as an image (a revert restores a photo an editor may have damaged). Blocking.
    static func locate(_ path: String) throws(PhotoLibraryError) -> (path: String, digest: String) {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        guard let resolved = realpath(absolute, nil) else {
            throw PhotoLibraryError(.notAPhoto, "\(path): \(SystemErrorText.text(errno))")
        }
        let real = String(cString: resolved)
        free(resolved)
        var info = stat()
        guard stat(real, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw PhotoLibraryError(.notAPhoto, "\(path) is not a regular file")
        }
        let digest: String
        do { digest = try FileDigest.sha256(real) } catch {
            throw PhotoLibraryError(.notAPhoto, "\(path) cannot be read: \(error.message)")
        }
        return (real, digest)
    }

    /// The digest of what `path` holds now; `nil` when it cannot be read. Blocking.
    static func digest(of path: String) -> String? {
        try? FileDigest.sha256(path)
    }

    /// The type and suffix of the images libvips's `loader` reads (its HEIF loader reads
    /// AVIF too, which the file's extension tells apart).
    static func format(of loader: String, pathExtension: String) -> (String, String)? {
        let name = loader.lowercased()
        if name.contains("heif"), pathExtension.lowercased() == "avif" { return ("public.avif", "avif") }
        let formats: [(String, String, String)] = [
            ("jpeg", "public.jpeg", "jpg"), ("png", "public.png", "png"), ("webp", "org.webmproject.webp", "webp"),
            ("tiff", "public.tiff", "tif"), ("heif", "public.heic", "heic"), ("gif", "com.compuserve.gif", "gif"),
        ]
        return formats.first { name.contains($0.0) }.map { ($0.1, $0.2) }
    }
}
