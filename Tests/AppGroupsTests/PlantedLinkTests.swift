import AppGroups
import Foundation
import Testing

/// A member of the group (an extension, hostile by assumption) puts a symbolic link where
/// the containing app expects a folder or a file of its container, pointing at the user's
/// own files. The app opens the group with the user's full rights: it must refuse the link
/// (`symbolic-link`, naming where it points) and leave the files it points at as they were
/// (docs/APP-GROUPS.md, "No link is followed out of a container"). The same plants made
/// from inside each sandbox: HostileExtensionTests.
@Suite struct PlantedLinkTests {
    /// Where the link is planted, and what the app does next.
    struct Plant: CustomTestStringConvertible, Sendable {
        var name: String
        /// The link's path in the container, given the name of the one attachment file.
        var path: @Sendable (_ attachment: String) -> String
        /// Whether the link points at the host's folder (else at the host's file).
        var toFolder: Bool
        /// What the containing app does after the plant; each call must throw.
        var reads: [@Sendable (_ inbox: ShareInbox, _ container: URL) throws -> Void]
        var testDescription: String { name }
    }

    static let inboxFolder = "Library/Application Support/ShareInbox"

    static let plants: [Plant] = [
        Plant(name: "the inbox's Files folder: recover() and a new inbox refuse it", path: { _ in "\(inboxFolder)/Files" },
              toFolder: true, reads: [
                  { inbox, _ in _ = try inbox.recover() },
                  { _, container in _ = try ShareInbox(containerURL: container) },
              ]),
        Plant(name: "an attachment: the share is not handed out, and stays pending", path: { "\(inboxFolder)/Files/\($0)" },
              toFolder: false, reads: [
                  { inbox, _ in _ = try inbox.receive { _ in } },
              ]),
        Plant(name: "Library/Preferences: shared defaults refuse it", path: { _ in "Library/Preferences" },
              toFolder: true, reads: [
                  { _, container in _ = try SharedDefaults(containerURL: container, suiteName: "group.com.example.notes") },
              ]),
        Plant(name: "a suite's database file: shared defaults refuse it", path: { _ in "Library/Preferences/group.com.example.notes.sqlite" },
              toFolder: false, reads: [
                  { _, container in _ = try SharedDefaults(containerURL: container, suiteName: "group.com.example.notes") },
              ]),
        Plant(name: "the inbox's notify file: a new inbox refuses it", path: { _ in "\(inboxFolder)/inbox.notify" },
              toFolder: false, reads: [
                  { _, container in _ = try ShareInbox(containerURL: container) },
              ]),
    ]

    @Test("a symbolic link planted in a container is refused, naming where it points; the host's files stay", arguments: plants)
    func plantedLink(_ plant: Plant) throws {
        let folder = try TemporaryFolder()
        let container = try folder.folder("container")
        let host = try folder.folder("host-files")
        let secret = host.appendingPathComponent("keep.txt")
        try Data("mine".utf8).write(to: secret)
        // The app has its inbox open from before, with one share holding a file.
        let inbox = try ShareInbox(containerURL: container)
        let photo = folder.url.appendingPathComponent("photo.jpg")
        try Data("jpeg".utf8).write(to: photo)
        try inbox.append(InboxShare(text: "look", attachments: [.file(photo, typeIdentifier: "public.jpeg")]))
        let attachment = try #require(try FileManager.default.contentsOfDirectory(atPath: inbox.filesURL.path).first)

        let link = container.appendingPathComponent(plant.path(attachment))
        try? FileManager.default.removeItem(at: link)
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: plant.toFolder ? host.path : secret.path)

        for read in plant.reads {
            let refusal = try #require(#expect(throws: AppGroupError.self) { try read(inbox, container) })
            #expect(refusal.code == .symbolicLink, "\(refusal)")
            #expect(refusal.message.contains(link.path), "the message names the link: \(refusal.message)")
            #expect(refusal.message.contains(plant.toFolder ? host.path : secret.path), "and where it points: \(refusal.message)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: host.path) == ["keep.txt"])
        #expect(try String(contentsOf: secret, encoding: .utf8) == "mine")
        #expect(try inbox.pendingCount() == 1)
    }

    @Test("recover() removes only the stray files of the real Files folder, and a link put there, not where it points")
    func recoverRemovesALinkNotItsTarget() throws {
        let folder = try TemporaryFolder()
        let container = try folder.folder("container")
        let secret = folder.url.appendingPathComponent("keep.txt")
        try Data("mine".utf8).write(to: secret)
        let inbox = try ShareInbox(containerURL: container)
        let stray = inbox.filesURL.appendingPathComponent("stray-link")
        try FileManager.default.createSymbolicLink(atPath: stray.path, withDestinationPath: secret.path)

        let report = try inbox.recover()
        #expect(report.removedFiles == ["stray-link"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: inbox.filesURL.path) == [])
        #expect(try String(contentsOf: secret, encoding: .utf8) == "mine")
    }
}
