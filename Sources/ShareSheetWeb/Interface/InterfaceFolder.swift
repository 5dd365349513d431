import ExtensionHost
import ExtensionManifest
import Foundation
import Glibc

/// The folder of an extension's own interface: the folder of its
/// `AppexWebInterfacePage`, inside its installed bundle. Only regular files inside it are
/// served, found by path after resolving symbolic links, so nothing outside the bundle's
/// interface folder can be reached (`..`, an absolute path, a link out).
struct InterfaceFolder: Sendable {
    /// The folder, with its links resolved.
    let root: String
    /// The page's path inside ``root``.
    let page: String

    /// The largest file served (a page's image or script).
    static let maxFileSize = 8 << 20

    /// The interface of `installed`, or `nil` when it declares none or its page's folder
    /// is not inside its bundle.
    init?(_ installed: InstalledExtension) {
        guard let declared = installed.declaration?.webInterfacePage,
              WebInterfacePath.problem(declared) == nil,
              let bundle = Self.realPath(installed.bundleURL.path) else { return nil }
        let parts = declared.split(separator: "/")
        let folder = ([installed.bundleURL.path] + parts.dropLast().map(String.init)).joined(separator: "/")
        guard let root = Self.realPath(folder), root == bundle || root.hasPrefix(bundle + "/") else { return nil }
        self.root = root
        page = String(parts.last ?? "")
    }

    /// The file at `relative` (percent-encoded, as in the URL) with its content type, or
    /// why it is not served.
    func file(at relative: Substring) -> Result<(Data, String), InterfaceFileProblem> {
        guard let decoded = String(relative).removingPercentEncoding else { return .failure(.badRequest) }
        guard WebInterfacePath.componentProblem(decoded) == nil,
              let resolved = Self.realPath(root + "/" + decoded), resolved.hasPrefix(root + "/") else { return .failure(.notFound) }
        var info = stat()
        guard stat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .failure(.notFound) }
        guard info.st_size <= Self.maxFileSize else { return .failure(.tooLarge) }
        guard let data = FileManager.default.contents(atPath: resolved) else { return .failure(.notFound) }
        return .success((data, Self.contentType(of: resolved)))
    }

    /// `path` with every link resolved, or `nil` when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The content type a browser needs for a page's file, by its extension.
    static func contentType(of path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "html", "htm": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "woff2": "font/woff2"
        case "txt": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}

/// Why an interface file is not served.
enum InterfaceFileProblem: Error {
    case badRequest, notFound, tooLarge
}
