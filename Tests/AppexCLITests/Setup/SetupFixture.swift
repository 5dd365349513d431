import Foundation
import Testing

/// A temporary HOME for `appex setup`: `data/` (XDG_DATA_HOME) and `config/`
/// (XDG_CONFIG_HOME), passed as options so the real home is never touched; removed by
/// ``remove()``.
struct SetupFixture {
    let root: URL
    var data: String { root.appendingPathComponent("data").path }
    var config: String { root.appendingPathComponent("config").path }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("appex-cli-setup-" + UUID().uuidString)
        for folder in ["data", "config"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// `appex setup` on this fixture's folders, with a fixed executable path and without
    /// systemd units unless `extra` asks for them (a later `--systemd` wins).
    func setup(_ extra: String..., executable: String = "/usr/local/bin/appex") async -> CLIResult {
        await appex(["setup", "--data-home", data, "--config-home", config, "--executable", executable, "--systemd", "no"] + extra)
    }

    /// Output with the fixture's root written `$ROOT`, for snapshots.
    func normalized(_ text: String) -> String { text.replacingOccurrences(of: root.path, with: "$ROOT") }

    /// The absolute path of a file named relative to the root (`data/applications/…`).
    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Every file and folder under the root with its content (files) and mode: a picture of
    /// the tree to compare before and after.
    func tree() throws -> [String: String] {
        var tree: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let relative = enumerator?.nextObject() as? String {
            let full = path(relative)
            let attributes = try FileManager.default.attributesOfItem(atPath: full)
            let mode = String((attributes[.posixPermissions] as? Int) ?? -1, radix: 8)
            let content = FileManager.default.contents(atPath: full).map { String(decoding: $0, as: UTF8.self) } ?? "<folder>"
            tree[relative] = mode + " " + content
        }
        return tree
    }

    /// The permission bits of a file.
    func mode(_ relative: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path(relative))[.posixPermissions] as? Int)
    }

    /// The content of a file.
    func content(_ relative: String) throws -> String {
        String(decoding: try #require(FileManager.default.contents(atPath: path(relative)), "no file \(relative)"), as: UTF8.self)
    }
}
