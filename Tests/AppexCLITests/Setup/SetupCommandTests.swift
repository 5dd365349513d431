import AppexCLI
import Foundation
import Testing

/// `appex setup` and `appex setup --remove` against a temporary HOME (docs/SETUP.md).
@Suite struct SetupCommandTests {
    /// One file setup installs.
    struct InstalledFile: CustomTestStringConvertible, Sendable {
        var name: String
        var path: String
        var mode: Int
        /// Lines the file must have.
        var lines: [String]
        var testDescription: String { name }
    }

    static let installed: [InstalledFile] = [
        InstalledFile(name: "GNOME Files Open With", path: "data/applications/appex-share.desktop", mode: 0o644,
                      lines: ["Type=Application", "Name=Share…", "Exec=/usr/local/bin/appex share --ui web %U",
                              "MimeType=application/octet-stream;text/plain;inode/directory;x-scheme-handler/http;x-scheme-handler/https;"]),
        InstalledFile(name: "Thunar Send To", path: "data/Thunar/sendto/appex-share.desktop", mode: 0o644,
                      lines: ["Type=Application", "Name=Share…", "Exec=/usr/local/bin/appex share --ui web %F"]),
        InstalledFile(name: "Dolphin service menu", path: "data/kio/servicemenus/appex-share.desktop", mode: 0o755,
                      lines: ["Type=Service", "X-KDE-ServiceTypes=KonqPopupMenu/Plugin", "Actions=share;",
                              "[Desktop Action share]", "Exec=/usr/local/bin/appex share --ui web %F"]),
        InstalledFile(name: "Nemo action", path: "data/nemo/actions/appex-share.nemo_action", mode: 0o644,
                      lines: ["[Nemo Action]", "Name=Share…", "Selection=notnone", "Extensions=any;",
                              "Exec=/usr/local/bin/appex share --ui web %F"]),
        InstalledFile(name: "Caja action", path: "data/file-manager/actions/appex-share.desktop", mode: 0o644,
                      lines: ["Type=Action", "Profiles=share;", "[X-Action-Profile share]", "MimeTypes=all/all;",
                              "Exec=/usr/local/bin/appex share --ui web %F"]),
        InstalledFile(name: "bash completion", path: "data/bash-completion/completions/appex", mode: 0o644,
                      lines: []),
        InstalledFile(name: "zsh completion", path: "data/zsh/site-functions/_appex", mode: 0o644, lines: ["#compdef appex"]),
        InstalledFile(name: "fish completion", path: "config/fish/completions/appex.fish", mode: 0o644, lines: []),
        InstalledFile(name: "man page", path: "data/man/man1/appex.1", mode: 0o644,
                      lines: [".SH NAME", ".SS \"appex setup\"", ".SS \"appex types info\""]),
    ]

    @Test func helpSnapshot() async {
        expectSnapshot(await appex("setup", "--help").output, named: "setup/help-setup")
    }

    @Test(arguments: installed)
    func installsFile(_ file: InstalledFile) async throws {
        let f = try SetupFixture()
        defer { f.remove() }
        let result = await f.setup()
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("created   \(f.path(file.path))"))
        #expect(try f.mode(file.path) == file.mode)
        let lines = try f.content(file.path).components(separatedBy: "\n")
        for line in file.lines { #expect(lines.contains(line), "\(file.path) lacks \(line)") }
    }

    @Test func completionsAreArgumentParsers() async throws {
        let f = try SetupFixture()
        defer { f.remove() }
        #expect(await f.setup().status == 0)
        for (shell, path) in [("bash", "data/bash-completion/completions/appex"), ("zsh", "data/zsh/site-functions/_appex"),
                              ("fish", "config/fish/completions/appex.fish")] {
            let generated = await appex("--generate-completion-script", shell)
            #expect(try f.content(path) + "\n" == generated.output, "\(shell) completion differs from ArgumentParser's")
        }
    }

    @Test func jsonSnapshotsAndIdempotence() async throws {
        let f = try SetupFixture()
        defer { f.remove() }
        let first = await f.setup("--json")
        #expect(first.status == 0, "\(first.error)")
        expectSnapshot(f.normalized(first.output), named: "setup/setup-json")
        let before = try f.tree()
        let second = await f.setup("--json")
        #expect(second.status == 0, "\(second.error)")
        expectSnapshot(f.normalized(second.output), named: "setup/setup-again-json")
        #expect(try f.tree() == before, "the second run changed files")
        let text = await f.setup()
        expectSnapshot(f.normalized(text.output), named: "setup/setup-again")
    }

    @Test func removeTakesEverythingAway() async throws {
        let f = try SetupFixture()
        defer { f.remove() }
        #expect(await f.setup().status == 0)
        let removed = await f.setup("--remove", "--json")
        #expect(removed.status == 0, "\(removed.error)")
        expectSnapshot(f.normalized(removed.output), named: "setup/remove-json")
        // Only the two folders the fixture made are left: setup removes the folders it created.
        #expect(try f.tree().keys.sorted() == ["config", "data"])
        let again = await f.setup("--remove")
        #expect(again.status == 0)
        #expect(f.normalized(again.output) == "nothing to remove (no record at $ROOT/data/appex/setup.json)\n")
    }

    @Test(arguments: installed)
    func removeKeepsAUserEdit(_ file: InstalledFile) async throws {
        let f = try SetupFixture()
        defer { f.remove() }
        #expect(await f.setup().status == 0)
        try Data("# mine now\n".utf8).write(to: URL(fileURLWithPath: f.path(file.path)))
        let removed = await f.setup("--remove")
        #expect(removed.status == 0, "\(removed.error)")
        #expect(removed.output.contains("kept      \(f.path(file.path)): it changed since appex setup wrote it"))
        #expect(try f.content(file.path) == "# mine now\n")
        for other in SetupCommandTests.installed where other.path != file.path {
            #expect(!FileManager.default.fileExists(atPath: f.path(other.path)), "\(other.path) was not removed")
        }
        // The user owns it now: a new setup refuses to overwrite it.
        let setup = await f.setup()
        #expect(setup.status == 2)
        #expect(setup.error.contains("error: \(f.path(file.path)): appex setup did not write it"))
    }

    /// Something in the way of setup, which it must refuse without writing anything.
    struct Obstacle: CustomTestStringConvertible, Sendable {
        var name: String
        var path: String
        var folder: Bool
        var reason: String
        var testDescription: String { name }
    }

    static let obstacles: [Obstacle] = [
        Obstacle(name: "foreign desktop entry", path: "data/applications/appex-share.desktop", folder: false,
                 reason: "appex setup did not write it"),
        Obstacle(name: "foreign fish completion", path: "config/fish/completions/appex.fish", folder: false,
                 reason: "appex setup did not write it"),
        Obstacle(name: "folder at the man page", path: "data/man/man1/appex.1", folder: true,
                 reason: "it is a folder, which appex setup did not write"),
        Obstacle(name: "file where a folder goes", path: "data/nemo", folder: false,
                 reason: "$ROOT/data/nemo is not a folder"),
    ]

    @Test(arguments: obstacles)
    func refusesWhatItDidNotWrite(_ obstacle: Obstacle) async throws {
        let f = try SetupFixture()
        defer { f.remove() }
        let url = URL(fileURLWithPath: f.path(obstacle.path))
        try FileManager.default.createDirectory(at: obstacle.folder ? url : url.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        if !obstacle.folder { try Data("user's\n".utf8).write(to: url) }
        let before = try f.tree()
        let result = await f.setup()
        #expect(result.status == 2)
        let blocked = obstacle.path == "data/nemo" ? "data/nemo/actions/appex-share.nemo_action" : obstacle.path
        #expect(f.normalized(result.error).contains("error: $ROOT/\(blocked): \(obstacle.reason)"), "\(result.error)")
        #expect(result.error.contains("error: conflict: wrote nothing: 1 file(s) in the way"))
        #expect(try f.tree() == before, "setup wrote something despite the conflict")
    }

    @Test func updatesItsOwnFilesForANewExecutable() async throws {
        let f = try SetupFixture()
        defer { f.remove() }
        #expect(await f.setup().status == 0)
        let moved = await f.setup(executable: "/opt/appex/bin/appex")
        #expect(moved.status == 0, "\(moved.error)")
        #expect(moved.output.contains("updated   \(f.path("data/applications/appex-share.desktop"))"))
        #expect(moved.output.contains("unchanged \(f.path("data/man/man1/appex.1"))"))
        #expect(try f.content("data/Thunar/sendto/appex-share.desktop").contains("Exec=/opt/appex/bin/appex share --ui web %F"))
        #expect(await f.setup("--remove").status == 0)
        #expect(try f.tree().keys.sorted() == ["config", "data"])
    }

    @Test func badRecordWritesNothing() async throws {
        let f = try SetupFixture()
        defer { f.remove() }
        try FileManager.default.createDirectory(atPath: f.path("data/appex"), withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: f.path("data/appex/setup.json")))
        let before = try f.tree()
        for arguments in [[String](), ["--remove"]] {
            let result = await appex(["setup", "--data-home", f.data, "--config-home", f.config, "--executable", "/bin/appex"] + arguments)
            #expect(result.status == 2)
            #expect(f.normalized(result.error).hasPrefix("error: bad-record: $ROOT/data/appex/setup.json is not a setup record"))
        }
        #expect(try f.tree() == before)
    }

    @Test func refusesAnUnwritableExecutable() async throws {
        let f = try SetupFixture()
        defer { f.remove() }
        let result = await f.setup(executable: "/opt/a=b/appex")
        #expect(result.status == 2)
        #expect(result.error.contains("unusable-executable: the appex executable's path \"/opt/a=b/appex\" contains \"=\""))
        #expect(try f.tree().keys.sorted() == ["config", "data"])
    }
}
