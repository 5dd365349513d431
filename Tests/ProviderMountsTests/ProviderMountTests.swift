import ExtensionHost
import Foundation
import HostTestSupport
import ProviderMounts
import Testing

@Suite("A file provider mounted with FUSE")
struct ProviderMountTests {
    @Test("ls, cat, cp, mv, rm, mkdir and an append reach the provider", arguments: hostSandboxModes)
    func everyCommand(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        try await MountedProvider.with(sandbox: sandbox) { provider in
            try FileManager.default.createDirectory(at: provider.tree.appendingPathComponent("Notes"), withIntermediateDirectories: true)
            try Data("first line\n".utf8).write(to: provider.tree.appendingPathComponent("Notes/a.txt"))

            let listing = try await provider.shell("ls -1 . Notes")
            #expect(listing.status == 0, "\(listing.error) \(provider.logged)")
            #expect(listing.output == ".:\nNotes\n\nNotes:\na.txt\n")

            let read = try await provider.shell("cat Notes/a.txt")
            #expect(read.output == "first line\n", "\(read.error) \(provider.logged)")

            let copied = try await provider.shell("printf 'copied' > /tmp/appex-provider-source-$$ && cp /tmp/appex-provider-source-$$ Notes/b.txt; s=$?; rm -f /tmp/appex-provider-source-$$; exit $s")
            #expect(copied.status == 0, "\(copied.error)")
            #expect(try String(contentsOf: provider.tree.appendingPathComponent("Notes/b.txt"), encoding: .utf8) == "copied",
                    "cp made the file through importDocument")

            let moved = try await provider.shell("mv Notes/b.txt c.txt && cat c.txt")
            #expect(moved.status == 0 && moved.output == "copied", "\(moved.error)")
            #expect(FileManager.default.fileExists(atPath: provider.tree.appendingPathComponent("c.txt").path))
            #expect(!FileManager.default.fileExists(atPath: provider.tree.appendingPathComponent("Notes/b.txt").path))

            let made = try await provider.shell("mkdir New && ls -1d New")
            #expect(made.status == 0 && made.output == "New\n", "\(made.error)")
            var isFolder: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: provider.tree.appendingPathComponent("New").path, isDirectory: &isFolder) && isFolder.boolValue)

            let removed = try await provider.shell("rm c.txt && rmdir New && ls -1")
            #expect(removed.status == 0 && removed.output == "Notes\n", "\(removed.error)")
            #expect(!FileManager.default.fileExists(atPath: provider.tree.appendingPathComponent("c.txt").path))

            let appended = try await provider.shell("echo 'second line' >> Notes/a.txt && cat Notes/a.txt")
            #expect(appended.output == "first line\nsecond line\n", "\(appended.error)")
            #expect(try String(contentsOf: provider.tree.appendingPathComponent("Notes/a.txt"), encoding: .utf8) == "first line\nsecond line\n")
            let storage = provider.tree.deletingLastPathComponent()
            #expect(try String(contentsOf: storage.appendingPathComponent("last-change"), encoding: .utf8) == "Notes/a.txt",
                    "the provider heard itemChanged(at:) for the written file")

            let edited = try await provider.shell("sed -i 's/first/1st/' Notes/a.txt && cat Notes/a.txt")
            #expect(edited.output == "1st line\nsecond line\n", "sed -i writes a new file and renames it over the old: \(edited.error)")
        }
    }

    @Test("a provider that crashes, hangs or answers garbage fails each command with EIO, and hangs no caller",
          arguments: ["crash", "hang", "garbage"], hostSandboxModes)
    func hostile(behavior: String, sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        // The limit is a bound for the hung provider, not a speed check.
        try await MountedProvider.with(behavior, sandbox: sandbox, callLimit: .seconds(3)) { provider in
            // Something to list, so that a garbage answer has items to spoil.
            try FileManager.default.createDirectory(at: provider.tree.appendingPathComponent("Notes"), withIntermediateDirectories: true)
            for name in ["Notes/a.txt", "a"] { try Data("text".utf8).write(to: provider.tree.appendingPathComponent(name)) }
            for command in ["ls Notes", "cat Notes/a.txt", "cp /etc/hostname copied", "mv a b", "rm a", "mkdir New"] {
                let result = try await provider.shell(command)
                #expect(result.status != 0, "\(command) failed")
                #expect(result.error.contains("Input/output error"), "\(command): \(result.error)")
            }
            #expect(provider.mount.providerLaunches >= 2, "the provider was started again after it ended")
        }
    }
}
