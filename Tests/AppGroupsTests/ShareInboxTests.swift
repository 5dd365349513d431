import AppGroups
import Foundation
import Testing

@Suite struct ShareInboxTests {
    struct Rejected: Error {}

    /// A text file at `folder/name` holding `text`.
    static func file(_ text: String, named name: String, in folder: TemporaryFolder) throws -> URL {
        let url = folder.url.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    static func contents(of attachment: ReceivedAttachment) -> Data? {
        switch attachment.content {
        case .file(let url): try? Data(contentsOf: url)
        case .data(let data): data
        }
    }

    @Test func sharesArriveInOrderWithTheirContents() throws {
        let folder = try TemporaryFolder()
        let inbox = try ShareInbox(containerURL: folder.folder("container"))
        let page = try Self.file("<html>swift</html>", named: "page.html", in: folder)
        let first = try inbox.append(InboxShare(
            text: "Look at this", configuration: ["Folder": "Reading"], sourceExtensionIdentifier: "com.example.notes.SaveToNotes",
            attachments: [.file(page, typeIdentifier: "public.html"),
                          .data(Data("https://www.swift.org".utf8), typeIdentifier: "public.url", suggestedName: "Swift")]))
        let second = try inbox.append(InboxShare(text: "second"))
        #expect(second > first)
        try FileManager.default.removeItem(at: page)

        let received = try #require(try inbox.receive { share in
            #expect(share.id == first)
            #expect(share.deliveryAttempt == 1)
        })
        #expect(received.text == "Look at this")
        #expect(received.configuration == ["Folder": "Reading"])
        #expect(received.sourceExtensionIdentifier == "com.example.notes.SaveToNotes")
        #expect(received.attachments.map(\.typeIdentifier) == ["public.html", "public.url"])
        #expect(received.attachments.map(\.suggestedName) == ["page.html", "Swift"])
        #expect(received.attachments.last.flatMap(Self.contents) == Data("https://www.swift.org".utf8))
        #expect(try inbox.receive { _ in }?.id == second)
        #expect(try inbox.receive { _ in } == nil)
        #expect(try inbox.pendingCount() == 0)
    }

    @Test func attachmentFilesAreCopiedAndRemovedOnAcknowledgment() throws {
        let folder = try TemporaryFolder()
        let inbox = try ShareInbox(containerURL: folder.folder("container"))
        let photo = try Self.file("not really a jpeg", named: "photo.jpg", in: folder)
        try inbox.append(InboxShare(attachments: [.file(photo, typeIdentifier: "public.jpeg")]))
        try FileManager.default.removeItem(at: photo)

        let lease = try #require(try inbox.lease())
        guard case .file(let copy) = try #require(lease.share.attachments.first).content else {
            Issue.record("a file attachment comes back as a file")
            return
        }
        #expect(copy.path.hasPrefix(inbox.filesURL.path), "the copy lives in the group container")
        #expect(try Data(contentsOf: copy) == Data("not really a jpeg".utf8))
        try inbox.acknowledge(lease)
        #expect(!FileManager.default.fileExists(atPath: copy.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: inbox.filesURL.path).isEmpty)
    }

    @Test func aFailedHandlerGivesTheShareBack() throws {
        let folder = try TemporaryFolder()
        let inbox = try ShareInbox(containerURL: folder.folder("container"))
        let id = try inbox.append(InboxShare(text: "retry me"))
        #expect(throws: Rejected.self) { try inbox.receive { _ in throw Rejected() } }
        #expect(try inbox.status(of: id) == .pending)
        let again = try #require(try inbox.receive { _ in })
        #expect(again.id == id)
        #expect(again.deliveryAttempt == 2)
        #expect(try inbox.status(of: id) == .acknowledged)
    }

    @Test func anExpiredLeaseComesBackAndTheOldHolderCannotAcknowledge() throws {
        let folder = try TemporaryFolder()
        let inbox = try ShareInbox(containerURL: folder.folder("container"))
        let id = try inbox.append(InboxShare(text: "crashed consumer"))
        let crashed = try #require(try inbox.lease(for: .zero))
        #expect(crashed.share.id == id)
        let taken = try #require(try inbox.lease(for: .seconds(300)), "a lapsed lease makes the share deliverable again")
        #expect(taken.share.id == id)
        #expect(taken.share.deliveryAttempt == 2)
        #expect(try inbox.lease(for: .seconds(300)) == nil, "a live lease hides the share")
        let error = #expect(throws: AppGroupError.self) { try inbox.acknowledge(crashed) }
        #expect(error?.code == .leaseLost)
        try inbox.acknowledge(taken)
        #expect(throws: AppGroupError.self, "acknowledging twice is refused") { try inbox.acknowledge(taken) }
        #expect(try inbox.acknowledgedIdentifiers() == [id])
    }

    @Test func acknowledgedSharesNeverComeBack() throws {
        let folder = try TemporaryFolder()
        let container = try folder.folder("container")
        let inbox = try ShareInbox(containerURL: container)
        let id = try inbox.append(InboxShare(text: "once"))
        #expect(try inbox.receive { _ in }?.id == id)
        let reopened = try ShareInbox(containerURL: container)
        #expect(try reopened.receive { _ in } == nil)
        #expect(try reopened.status(of: id) == .acknowledged)
        #expect(try reopened.status(of: id + 1) == .unknown)
    }

    @Test func appendingTheSameShareTwiceStoresItOnce() throws {
        let folder = try TemporaryFolder()
        let inbox = try ShareInbox(containerURL: folder.folder("container"))
        let page = try Self.file("page", named: "page.html", in: folder)
        let share = InboxShare(text: "retried", attachments: [.file(page, typeIdentifier: "public.html")])
        let first = try inbox.append(share)
        #expect(try inbox.append(share) == first)
        #expect(try inbox.pendingCount() == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: inbox.filesURL.path).count == 1,
                "the retry's copy is removed")
    }

    @Test func aFailedAppendLeavesNoRowAndNoFiles() throws {
        let folder = try TemporaryFolder()
        let inbox = try ShareInbox(containerURL: folder.folder("container"))
        let good = try Self.file("good", named: "good.txt", in: folder)
        let missing = folder.url.appendingPathComponent("missing.txt")
        let error = #expect(throws: AppGroupError.self) {
            try inbox.append(InboxShare(attachments: [.file(good, typeIdentifier: "public.plain-text"),
                                                      .file(missing, typeIdentifier: "public.plain-text")]))
        }
        #expect(error?.code == .fileSystem)
        #expect(error?.message.contains(missing.path) == true)
        #expect(try inbox.pendingCount() == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: inbox.filesURL.path).isEmpty)
    }

    @Test func recoverRemovesStrayFilesOnly() throws {
        let folder = try TemporaryFolder()
        let inbox = try ShareInbox(containerURL: folder.folder("container"))
        let page = try Self.file("kept", named: "page.html", in: folder)
        try inbox.append(InboxShare(attachments: [.file(page, typeIdentifier: "public.html")]))
        // What an append killed before its commit leaves: a partial copy and a renamed one.
        for stray in ["0123.partial", "4567"] {
            try Data("stray".utf8).write(to: inbox.filesURL.appendingPathComponent(stray))
        }
        let report = try inbox.recover()
        #expect(report.removedFiles == ["0123.partial", "4567"])
        let share = try #require(try inbox.receive { share in
            #expect(share.attachments.first.flatMap(Self.contents) == Data("kept".utf8))
        })
        #expect(share.attachments.count == 1)
        #expect(try inbox.recover().removedFiles.isEmpty)
    }

    @Test func aNonMemberCannotOpenTheGroupInbox() throws {
        let folder = try TemporaryFolder()
        let containers = AppGroupContainers(entitledGroups: ["group.com.example.notes"], home: folder.url)
        let error = #expect(throws: AppGroupError.self) {
            try ShareInbox(groupIdentifier: "group.com.example.other", containers: containers)
        }
        #expect(error?.code == .notAMember)
        let inbox = try ShareInbox(groupIdentifier: "group.com.example.notes", containers: containers)
        #expect(inbox.containerURL.lastPathComponent == "group.com.example.notes")
        #expect(try inbox.integrityCheck() == "ok")
    }
}
