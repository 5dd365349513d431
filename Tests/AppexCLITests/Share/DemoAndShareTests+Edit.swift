import Foundation
import Testing

extension DemoAndShareTests {
    struct EditJSON: Decodable {
        struct Adjustment: Decodable, Equatable {
            var formatIdentifier: String
            var formatVersion: String
            var text: String?
        }
        struct Editor: Decodable, Equatable {
            var identifier: String
            var displayName: String
            var resumes: Bool
        }
        struct Listing: Decodable {
            var editors: [Editor]
        }
        struct Edit: Decodable {
            var result: String
            var resumed: Bool
            var previousAdjustment: Adjustment?
            var adjustment: Adjustment?
            var editorTitle: String?
            var message: String?
        }
        struct Revert: Decodable {
            var restored: Bool
            var editor: String?
        }
    }

    /// `appex edit` against the home the demo installed Darkroom into and toned
    /// Pictures/Sample.jpg in: the editor listed, a second edit resuming from the original,
    /// a cancel, and the revert to the sample's own bytes.
    func editAfterDemo(home: URL) async throws {
        let photo = home.appendingPathComponent("Pictures/Sample.jpg").path
        let sample = try Data(contentsOf: URL(fileURLWithPath: Self.examples).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Darkroom/Sample.jpg"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) != sample)

        let listed = await appex("edit", photo, "--json", "--home", home.path)
        #expect(listed.status == 0, "\(listed.error)")
        let listing = try JSONDecoder().decode(EditJSON.Listing.self, from: Data(listed.output.utf8))
        #expect(listing.editors == [EditJSON.Editor(identifier: "com.example.darkroom.Sepia", displayName: "Sepia", resumes: true)])

        let edited = await appex("edit", photo, "--with", "com.example.darkroom.Sepia", "--json", "--home", home.path)
        #expect(edited.status == 0, "\(edited.error)")
        let edit = try JSONDecoder().decode(EditJSON.Edit.self, from: Data(edited.output.utf8))
        #expect(edit.result == "edited")
        #expect(edit.resumed)
        #expect(edit.previousAdjustment == EditJSON.Adjustment(formatIdentifier: "com.example.sepia", formatVersion: "1.0", text: "{\"strength\":0.25}"))
        #expect(edit.adjustment?.text == "{\"strength\":0.5}")
        // Sepia is a UIViewController found by the name its Info.plist gives; its viewDidLoad titles it.
        #expect(edit.editorTitle == "Sepia")

        let before = try Data(contentsOf: URL(fileURLWithPath: photo))
        let cancelled = await appex("edit", photo, "--with", "com.example.darkroom.Sepia", "--cancel", "--home", home.path)
        #expect(cancelled.status == 0, "\(cancelled.error)")
        #expect(cancelled.output == "Sample.jpg: cancelled; the photo is as it was\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == before)

        // On a real terminal, the edit ends with the rendered photo drawn in half blocks.
        let terminal = try TerminalDriver("\(Self.products)/appex edit \(photo) --with com.example.darkroom.Sepia --home \(home.path)")
        defer { terminal.close() }
        #expect(try await terminal.exitStatus() == 0)
        let drawn = String(decoding: terminal.output, as: UTF8.self)
        #expect(drawn.contains("Sample.jpg: edited with Sepia, resuming the last edit from the original"), "\(drawn.prefix(400))")
        #expect(drawn.contains("\u{1b}[38;2;") && drawn.contains("▀"), "the rendered photo in 24-bit half blocks: \(drawn.prefix(400))")

        let reverted = await appex("edit", photo, "--revert", "--json", "--home", home.path)
        #expect(reverted.status == 0, "\(reverted.error)")
        let revert = try JSONDecoder().decode(EditJSON.Revert.self, from: Data(reverted.output.utf8))
        #expect(revert.restored && revert.editor == "com.example.darkroom.Sepia")
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == sample)

        let again = await appex("edit", photo, "--revert", "--home", home.path)
        #expect(again.status == 2)
        #expect(again.error.contains("not-edited: "))
    }
}
