import Foundation

/// Where the dynamic linker finds a library an executable needs, as ld.so searches
/// (ld.so(8)): the executable's `DT_RUNPATH` with `$ORIGIN` expanded, then the system's
/// folders (/etc/ld.so.conf and its includes, then /lib and /usr/lib with their multiarch
/// and 64-bit forms).
struct LibrarySearch: Sendable {
    /// The system's folders, in search order.
    let systemFolders: [String]

    /// The folders of this machine.
    static let system = LibrarySearch(systemFolders: Self.configuredFolders() + Self.defaultFolders())

    /// The folder of `name` (a `DT_NEEDED` entry) for a binary at `binary` with `runPath`;
    /// `nil` when no folder has it.
    func folder(of name: String, neededBy binary: URL, runPath: [String]) -> String? {
        let origin = binary.deletingLastPathComponent().path
        let expanded = runPath.map { $0.replacingOccurrences(of: "${ORIGIN}", with: origin).replacingOccurrences(of: "$ORIGIN", with: origin) }
        for folder in expanded + systemFolders {
            let path = URL(fileURLWithPath: folder).appendingPathComponent(name).standardizedFileURL.path
            if FileManager.default.fileExists(atPath: path) { return URL(fileURLWithPath: path).deletingLastPathComponent().path }
        }
        return nil
    }

    /// Whether `folder` is one of the system's (not the build's or the user's).
    func isSystemFolder(_ folder: String) -> Bool {
        systemFolders.contains(folder) || ["/usr/", "/lib/", "/lib64/"].contains { (folder + "/").hasPrefix($0) }
    }

    static func defaultFolders() -> [String] {
        let triple = ["x86_64-linux-gnu", "aarch64-linux-gnu", "i386-linux-gnu", "arm-linux-gnueabihf"]
        return triple.flatMap { ["/lib/\($0)", "/usr/lib/\($0)"] } + ["/lib64", "/usr/lib64", "/lib", "/usr/lib"]
    }

    /// The folders /etc/ld.so.conf names, following `include` globs one level at a time.
    static func configuredFolders(_ file: String = "/etc/ld.so.conf", depth: Int = 0) -> [String] {
        guard depth < 4, let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
        var folders: [String] = []
        for raw in text.split(separator: "\n") {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("include ") {
                let pattern = line.dropFirst("include ".count).trimmingCharacters(in: .whitespaces)
                let folder = (pattern as NSString).deletingLastPathComponent
                let suffix = (pattern as NSString).lastPathComponent.replacingOccurrences(of: "*", with: "")
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(suffix) }.sorted()
                for name in names { folders += configuredFolders(folder + "/" + name, depth: depth + 1) }
            } else if line.hasPrefix("/") {
                folders.append(line)
            }
        }
        return folders
    }
}
