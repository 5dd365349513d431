import Foundation
import Testing

/// `appex defaults`: an app group's shared defaults from the command line, as macOS
/// `defaults` does for a domain.
@Suite("appex defaults")
struct DefaultsCommandTests {
    static let group = "group.com.example.notes"

    /// A home with the group's container, as `appex install` makes it.
    static func home() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("appex-defaults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Containers/Shared/AppGroup/\(group)"),
                                                withIntermediateDirectories: true)
        return root
    }

    @Test("help of every defaults command", arguments: [["defaults"], ["defaults", "read"], ["defaults", "write"], ["defaults", "delete"]])
    func help(_ command: [String]) async {
        let result = await appex(command + ["--help"])
        #expect(result.status == 0)
        expectSnapshot(result.output, named: "help-" + command.joined(separator: "-"))
    }

    @Test("typed values are written, read back in the old-style text and as JSON, and deleted")
    func writeReadDelete() async throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let writes: [[String]] = [
            ["endpoint", "https://upload.example.com/files"], ["retries", "-int", "3"], ["ratio", "-float", "0.5"],
            ["enabled", "-bool", "yes"], ["since", "-date", "2026-11-25T18:00:00Z"], ["blob", "-data", "<cafe f00d>"],
            ["a title", "-string", "Hello \"you\""],
        ]
        for write in writes {
            let result = await appex(["defaults", "write", Self.group] + write + ["--home", home.path])
            #expect(result.status == 0, "\(write): \(result.error)")
        }
        let text = await appex("defaults", "read", Self.group, "--home", home.path)
        #expect(text.status == 0)
        #expect(text.output == """
            {
                "a title" = "Hello \\"you\\"";
                blob = {length = 4, bytes = 0xcafef00d};
                enabled = 1;
                endpoint = "https://upload.example.com/files";
                ratio = 0.5;
                retries = 3;
                since = "2026-11-25 18:00:00 +0000";
            }

            """)
        let json = await appex("defaults", "read", Self.group, "--json", "--home", home.path)
        expectSnapshot(json.output, named: "defaults-read-json")
        let one = await appex("defaults", "read", Self.group, "retries", "--home", home.path)
        #expect(one.output == "3\n")

        #expect(await appex("defaults", "delete", Self.group, "blob", "--home", home.path).status == 0)
        let gone = await appex("defaults", "read", Self.group, "blob", "--home", home.path)
        #expect(gone.status == 1)
        #expect(gone.error.contains("The domain/default pair of (group.com.example.notes, blob) does not exist"))
        #expect(await appex("defaults", "delete", Self.group, "--home", home.path).status == 0)
        #expect(await appex("defaults", "read", Self.group, "--home", home.path).output == "{\n}\n")
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        let status: Int32
        let message: String
        var testDescription: String { name }
    }

    static let badInputs: [Refusal] = [
        Refusal(name: "two values", arguments: ["write", group, "x", "-int", "3", "-bool", "no"], status: 2,
                message: "give exactly one value for x"),
        Refusal(name: "a Boolean that is not one", arguments: ["write", group, "x", "-bool", "maybe"], status: 2,
                message: "-bool takes yes, no, true, false, 1 or 0, not 'maybe'"),
        Refusal(name: "a date that is not ISO 8601", arguments: ["write", group, "x", "-date", "yesterday"], status: 2,
                message: "-date takes an ISO 8601 date such as 2026-11-25T18:00:00Z, not 'yesterday'"),
        Refusal(name: "odd hexadecimal", arguments: ["write", group, "x", "-data", "abc"], status: 2,
                message: "-data takes hexadecimal bytes"),
        Refusal(name: "a group with no container", arguments: ["read", "group.com.example.other"], status: 2,
                message: "no app group group.com.example.other in"),
        Refusal(name: "not an app group", arguments: ["read", "com.example.notes"], status: 2,
                message: "'com.example.notes' is not an app group identifier"),
        Refusal(name: "deleting a key that is not set", arguments: ["delete", group, "nothing"], status: 1,
                message: "The domain/default pair of (group.com.example.notes, nothing) does not exist"),
    ]

    @Test("bad input is refused, naming what is wrong, and nothing is written", arguments: badInputs)
    func refusals(_ refusal: Refusal) async throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let result = await appex(["defaults"] + refusal.arguments + ["--home", home.path])
        #expect(result.status == refusal.status)
        #expect(result.error.contains(refusal.message), "\(result.error)")
        #expect(await appex("defaults", "read", Self.group, "--home", home.path).output == "{\n}\n")
    }
}
