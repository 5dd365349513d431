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

    @Test("the APNS sender's extension: Post keeps the text, synchronize() reports it saved")
    func apnsSenderPost() async throws {
        defer { PortingAppGroups.empty() }
        let item = NSExtensionItem()
        item.attributedContentText = NSAttributedString(string: "d41d8cd98f00b204e9800998ecf8427e")
        let host = RecordingHost()
        let sheet = ComposeSheet(controller: APNSSenderShareViewController(), context: host.context([item]))
        _ = sheet.present()
        _ = try sheet.handle(.post)

        let returned = try #require(await host.ending().items)
        #expect(returned.isEmpty)
        #expect(try store(PortingAppGroups.apnsSender).string(forKey: "pushToken") == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(NSUserDefaults(suiteName: PortingAppGroups.apnsSender)?.synchronize() == true)
    }
}
