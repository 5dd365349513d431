import Foundation

/// Where `appex setup` writes: the XDG base directories it uses, resolved once.
///
/// An XDG variable that is empty or relative is ignored, as the XDG Base Directory
/// specification says; then the default under `HOME` applies (`~/.local/share`, `~/.config`).
struct SetupLocations: Equatable {
    /// `$XDG_DATA_HOME`: desktop entries, file-manager actions, bash and zsh completions, the man page.
    var dataHome: URL
    /// `$XDG_CONFIG_HOME`: fish completions.
    var configHome: URL

    /// The record of what setup wrote: `$XDG_DATA_HOME/appex/setup.json`.
    var record: URL { dataHome.appendingPathComponent("appex/setup.json") }

    /// Resolves the directories from explicit paths (options), else the environment.
    static func resolve(dataHome: String?, configHome: String?,
                        environment: [String: String]) throws(SetupError) -> SetupLocations {
        func usable(_ value: String?) -> String? {
            guard let value, value.hasPrefix("/") else { return nil }
            return value
        }
        func home() throws(SetupError) -> URL {
            guard let home = usable(environment["HOME"]) else {
                throw SetupError(.noHome, "HOME is \(environment["HOME"].map { "\"\($0)\", not an absolute path" } ?? "unset"), so there is no default for XDG_DATA_HOME or XDG_CONFIG_HOME (pass --data-home and --config-home)")
            }
            return URL(fileURLWithPath: home, isDirectory: true)
        }
        func folder(_ option: String?, _ variable: String, default relative: String) throws(SetupError) -> URL {
            if let chosen = option ?? usable(environment[variable]) { return URL(fileURLWithPath: chosen, isDirectory: true) }
            return try home().appendingPathComponent(relative, isDirectory: true)
        }
        let data = try folder(dataHome, "XDG_DATA_HOME", default: ".local/share")
        let config = try folder(configHome, "XDG_CONFIG_HOME", default: ".config")
        return SetupLocations(dataHome: data.standardizedFileURL, configHome: config.standardizedFileURL)
    }
}
