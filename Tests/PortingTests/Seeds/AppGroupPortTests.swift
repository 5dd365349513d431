import AppExtensionsCompat
import AppGroupsCompat
import Foundation
import Testing

/// The ported code that uses app groups through the process's environment, as an extension
/// started by the host does: seed 000's extension and app, and the APNS sender's extension.
/// Serialized, since they share the groups' containers (``PortingAppGroups``).
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct AppGroupPortTests {
    init() {
        PortingAppGroups.empty()
    }

    /// The group's store, opened directly: where the values must have landed.
    func store(_ group: String) throws -> SharedDefaults {
        try SharedDefaults(containerURL: PortingAppGroups.container(group), suiteName: group)
    }

    @Test("seed 000: Post keeps the shared URL in the group's defaults and completes with its item")
    func seed000Post() async throws {
        defer { PortingAppGroups.empty() }
        let page = try #require(NSURL(string: "https://my.oschina.net/vimfung/blog/704381"))
        let item = NSExtensionItem()
        item.attachments = [
            NSItemProvider(item: "a note" as NSString, typeIdentifier: kUTTypePlainText as String),
            NSItemProvider(item: page, typeIdentifier: "public.url"),
        ]
        let host = RecordingHost()
        let sheet = ComposeSheet(controller: ShareViewController(), context: host.context([item]))
        _ = sheet.present()
        _ = try sheet.handle(.post)

        let returned = try #require(await host.ending().items)
        #expect(returned == [item])
        let store = try store(PortingAppGroups.seed000)
        #expect(store.string(forKey: "share-url") == "https://my.oschina.net/vimfung/blog/704381")
        #expect(store.bool(forKey: "has-new-share"))
        #expect(store.databaseURL.path.hasPrefix(PortingAppGroups.container(PortingAppGroups.seed000).path + "/Library/Preferences/"))

        // The containing app, next time it becomes active, reads the share and resets the flag.
        AppDelegate().applicationDidBecomeActive(UIApplication())
        #expect(!store.bool(forKey: "has-new-share"))
        #expect(store.string(forKey: "share-url") == "https://my.oschina.net/vimfung/blog/704381")
    }

    @Test("seed 000: without a URL, Post completes at once with no items and leaves the defaults alone")
    func seed000PostWithoutURL() async throws {
        defer { PortingAppGroups.empty() }
        let item = NSExtensionItem(attachments: [NSItemProvider(item: "only text" as NSString, typeIdentifier: kUTTypePlainText as String)])
        let host = RecordingHost()
        let sheet = ComposeSheet(controller: ShareViewController(), context: host.context([item]))
        _ = sheet.present()
        _ = try sheet.handle(.post)

        let returned = try #require(await host.ending().items)
        #expect(returned.isEmpty)
        #expect(try store(PortingAppGroups.seed000).dictionaryRepresentation().isEmpty)
    }

    @Test("seed 000: the app's NSFileManager example writes and reads demo.txt in the group's container")
    func seed000GroupFile() throws {
        defer { PortingAppGroups.empty() }
        #expect(AppDelegate().groupFileExample() == "abc")
        let file = PortingAppGroups.container(PortingAppGroups.seed000).appendingPathComponent("demo.txt")
        #expect(try String(contentsOf: file, encoding: .utf8) == "abc")
    }

    @Test("containerURL(forSecurityApplicationGroupIdentifier:) is the host's container for a member, nil otherwise")
    func containerURL() {
        defer { PortingAppGroups.empty() }
        let url = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: PortingAppGroups.seed000)
        #expect(url?.standardizedFileURL == PortingAppGroups.container(PortingAppGroups.seed000))
        #expect(FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.not-a-member") == nil)
        #expect(NSUserDefaults(suiteName: "group.com.example.not-a-member") == nil)
        #expect(NSUserDefaults(suiteName: nil) == nil)
    }

    @Test("Checklist's compose sheet, imports unchanged: titled, its List item pushes a controller of buttons, Post keeps the text in the group")
    func checklistPost() async throws {
        defer { PortingAppGroups.empty() }
        let item = NSExtensionItem()
        item.attributedContentText = NSAttributedString(string: "Buy lemons")
        let host = RecordingHost()
        let sheet = ComposeSheet(controller: ChecklistComposeViewController(), context: host.context([item]))
        let first = sheet.present()
        #expect(first.title == "Checklist")
        #expect(first.placeholder == "What needs doing?")
        #expect(first.charactersRemaining == 70)
        #expect(first.items.map(\.value) == ["Groceries"])
        let pushed = try sheet.handle(.itemTapped(0))
        #expect(pushed.pushed?.title == "List")
        #expect(pushed.pushed?.content == .choices(["Groceries", "Errands", "Trip"], selected: nil))
        let chosen = try sheet.handle(.choiceMade(2))
        #expect(chosen.pushed == nil)
        #expect(chosen.items.map(\.value) == ["Trip"])
        _ = try sheet.handle(.post)

        let returned = try #require(await host.ending().items)
        #expect(returned.isEmpty)
        #expect(try store(PortingAppGroups.checklist).stringArray(forKey: "Trip") == ["Buy lemons"])
        #expect(NSUserDefaults(suiteName: PortingAppGroups.checklist)?.synchronize() == true)
    }

    @Test("Checklist's compose sheet without its group: Post presents an alert; its OK calls cancel(), which cancels the request")
    func checklistAlert() async throws {
        let item = NSExtensionItem()
        item.attributedContentText = NSAttributedString(string: "Buy lemons")
        let host = RecordingHost()
        let controller = ChecklistComposeViewController()
        controller.suiteName = "group.com.example.not-a-member"
        let sheet = ComposeSheet(controller: controller, context: host.context([item]))
        _ = sheet.present()
        let alerted = try sheet.handle(.post)
        let alert = try #require(alerted.alert)
        #expect(alert.title == "Checklist is not set up")
        #expect(alert.actions.map(\.title) == ["OK"])
        let after = try sheet.handle(.alertAction(0))
        #expect(after.alert == nil)
        let error = try #require(await host.ending().error, "the request was cancelled")
        #expect(error.code == NSUserCancelledError)
    }
}
