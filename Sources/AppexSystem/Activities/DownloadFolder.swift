import Foundation

/// The person's download folder, which Save to folder… suggests (the XDG user directory).
///
/// In order: `$XDG_DOWNLOAD_DIR`; the `XDG_DOWNLOAD_DIR` line of
/// `$XDG_CONFIG_HOME/user-dirs.dirs` (default `~/.config`), where `$HOME` at the start is
/// expanded and a value that is `$HOME` itself means "none", as xdg-user-dirs writes it;
/// `~/Downloads` when it is a folder; else `$HOME`. Relative values are ignored.
package enum DownloadFolder {
    /// The folder's path for `environment`. Reads `user-dirs.dirs` and checks `~/Downloads`:
    /// call it through `Offload` from async code.
    package static func path(environment: [String: String]) -> String {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        if let value = environment["XDG_DOWNLOAD_DIR"], let path = expand(value, home: home) { return path }
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        if let contents = try? String(contentsOfFile: configHome + "/user-dirs.dirs", encoding: .utf8),
           let path = userDirsValue(contents, home: home) {
            return path
        }
        var isDirectory: ObjCBool = false
        let downloads = home + "/Downloads"
        if FileManager.default.fileExists(atPath: downloads, isDirectory: &isDirectory), isDirectory.boolValue { return downloads }
        return home
    }

    /// The expanded `XDG_DOWNLOAD_DIR="…"` of a `user-dirs.dirs` file (shell syntax: one
    /// `NAME="value"` a line, `#` comments); `nil` when absent, `$HOME` alone, or relative.
    static func userDirsValue(_ contents: String, home: String) -> String? {
        var found: String?
        for line in contents.split(whereSeparator: \.isNewline) {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.hasPrefix("#"), text.hasPrefix("XDG_DOWNLOAD_DIR=") else { continue }
            var value = String(text.dropFirst("XDG_DOWNLOAD_DIR=".count))
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            found = value.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
        }
        return found.flatMap { expand($0, home: home) }
    }

    /// `value` with a leading `$HOME` (or `${HOME}`, `~`) expanded; `nil` for an empty,
    /// relative or home-only value.
    static func expand(_ value: String, home: String) -> String? {
        var path = value
        for prefix in ["${HOME}", "$HOME", "~"] where path == prefix || path.hasPrefix(prefix + "/") {
            path = home + path.dropFirst(prefix.count)
            break
        }
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        guard path.hasPrefix("/"), path != home else { return nil }
        return path
    }
}
