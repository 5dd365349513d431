import Foundation
import Testing

/// `appex share --activity`: the host's own actions from the command line.
@Suite("appex share --activity")
struct ShareActivityCommandTests {
    @Test("--activity save --json saves beside an existing file and reports the completion")
    func saveJSON() async throws {
        try await withTemporaryFolders { source, folder in
            let home = source.appendingPathComponent("home")
            let file = source.appendingPathComponent("notes.txt")
            try Data("hello".utf8).write(to: file)
            try Data("old".utf8).write(to: folder.appendingPathComponent("notes.txt"))
            let result = await appex("share", "--home", home.path, "--activity", "save", "--folder", folder.path,
                                     "--text", "hi", file.path, "--json")
            #expect(result.status == 0, "\(result.error)")
            expectSnapshot(result.output.replacingOccurrences(of: folder.path, with: "<folder>"), named: "share/activity-save-json")
            #expect(try String(contentsOf: folder.appendingPathComponent("notes 2.txt"), encoding: .utf8) == "hello")
            #expect(try String(contentsOf: folder.appendingPathComponent("Text.txt"), encoding: .utf8) == "hi")
        }
    }

    /// A command line that must fail, and what it says.
    struct FailureCase: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var status: Int32
        /// Expected in the error output, or (with --json) in the output; `{folder}` is the temporary folder.
        var says: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        FailureCase(name: "a missing folder: the completion's error names it",
                    arguments: ["--activity", "save", "--folder", "{folder}/nowhere", "--text", "hi", "--json"], status: 1,
                    says: "folder-missing: the folder {folder}/nowhere does not exist"),
        FailureCase(name: "a missing folder on the terminal", arguments: ["--activity", "save", "--folder", "{folder}/nowhere", "--text", "hi"],
                    status: 1, says: "Save to folder… failed: folder-missing: the folder {folder}/nowhere does not exist"),
        FailureCase(name: "--activity and --to together", arguments: ["--activity", "copy", "--to", "com.example.x", "--text", "hi"],
                    status: 2, says: "--activity and --to are alternatives"),
        FailureCase(name: "--folder without --activity save", arguments: ["--folder", "{folder}", "--text", "hi"],
                    status: 2, says: "--folder goes with --activity save"),
        FailureCase(name: "empty text is still an attachment: an empty Text.txt", arguments: ["--activity", "save", "--folder", "{folder}", "--title", "t", "--text", ""],
                    status: 0, says: "Saved 1 file to {folder}"),
    ])
    func failures(_ c: FailureCase) async throws {
        try await withTemporaryFolders { source, folder in
            let arguments = ["share", "--home", source.appendingPathComponent("home").path]
                + c.arguments.map { $0.replacingOccurrences(of: "{folder}", with: folder.path) }
            let result = await appex(arguments)
            #expect(result.status == c.status, "\(result.error)\n\(result.output)")
            let says = c.says.replacingOccurrences(of: "{folder}", with: folder.path)
            #expect((result.error + result.output).contains(says), "\(result.error)\n\(result.output)")
        }
    }
}
