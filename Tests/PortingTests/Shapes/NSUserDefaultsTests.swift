import AppGroupsCompat
import Foundation
import Testing

/// NSUserDefaults over SharedDefaults: Apple's API, values in the group's store, failures
/// reported Apple's way (no throw; `synchronize()` is `false`).
@Suite struct NSUserDefaultsTests {
    /// A group container in a temporary folder, its suite opened twice: once through the
    /// compat API, once directly (as another process would).
    struct Store {
        let folder: TemporaryFolder
        let defaults: NSUserDefaults
        let other: SharedDefaults

        init() throws {
            folder = try TemporaryFolder()
            let container = folder.url.appendingPathComponent("group.com.example.notes")
            defaults = NSUserDefaults(sharedDefaults: try SharedDefaults(containerURL: container, suiteName: "group.com.example.notes"))
            other = try SharedDefaults(containerURL: container, suiteName: "group.com.example.notes")
        }
    }

    @Test("the setters iOS code calls store in the shared store; the getters read it")
    func roundTrip() throws {
        let store = try Store()
        defer { store.folder.remove() }
        let defaults = store.defaults
        let url = try #require(URL(string: "https://swift.org"))
        defaults.setValue("https://my.oschina.net", forKey: "share-url")
        defaults.set(true, forKey: "has-new-share")
        defaults.set(3, forKey: "count")
        defaults.set(2.5, forKey: "ratio")
        defaults.set(Float(1.5), forKey: "scale")
        defaults.set(url, forKey: "link")
        defaults.set(["a", "b"], forKey: "tags")
        defaults.set(["title": "Swift"], forKey: "page")
        defaults.set(Data([1, 2]), forKey: "bytes")

        #expect(defaults.synchronize())
        #expect(defaults.value(forKey: "share-url") as? String == "https://my.oschina.net")
        #expect(defaults.bool(forKey: "has-new-share"))
        #expect(defaults.integer(forKey: "count") == 3)
        #expect(defaults.double(forKey: "ratio") == 2.5)
        #expect(defaults.float(forKey: "scale") == 1.5)
        #expect(defaults.url(forKey: "link") == url)
        #expect(defaults.stringArray(forKey: "tags") == ["a", "b"])
        #expect(defaults.array(forKey: "tags")?.count == 2)
        #expect(defaults.dictionary(forKey: "page")?["title"] as? String == "Swift")
        #expect(defaults.data(forKey: "bytes") == Data([1, 2]))
        #expect(defaults.string(forKey: "count") == "3")
        #expect(defaults.dictionaryRepresentation().count == 9)
        // Another process's view of the same store sees every write at once.
        #expect(store.other.string(forKey: "share-url") == "https://my.oschina.net")
        #expect(store.other.bool(forKey: "has-new-share"))

        defaults.removeObject(forKey: "has-new-share")
        defaults.set(nil, forKey: "count")
        #expect(store.other.object(forKey: "has-new-share") == nil)
        #expect(store.other.object(forKey: "count") == nil)
        #expect(defaults.lastFailure == nil)
    }

    @Test("registered defaults answer for missing keys")
    func registration() throws {
        let store = try Store()
        defer { store.folder.remove() }
        store.defaults.register(defaults: ["greeting": "hello", "limit": 140])
        #expect(store.defaults.string(forKey: "greeting") == "hello")
        #expect(store.defaults.integer(forKey: "limit") == 140)
        #expect(store.defaults.synchronize())
    }

    /// A write Apple would not save, and the key it named.
    struct FailureCase: CustomTestStringConvertible, Sendable {
        let name: String
        let key: String
        let write: @Sendable (NSUserDefaults) -> Void
        var testDescription: String { name }
    }

    static let failures: [FailureCase] = [
        FailureCase(name: "set(_:forKey:) with an object that is not a property list", key: "sticker") {
            $0.set(NSObject(), forKey: "sticker")
        },
        FailureCase(name: "setValue(_:forKey:) with a dictionary holding one", key: "page") {
            $0.setValue(["title": "Swift", "icon": NSObject()], forKey: "page")
        },
        FailureCase(name: "register(defaults:) with one", key: "icon") {
            $0.register(defaults: ["icon": NSObject()])
        },
    ]

    @Test("a failed write does not throw: nothing is stored, synchronize() is false once, lastFailure says why",
          arguments: failures)
    func failure(_ failureCase: FailureCase) throws {
        let store = try Store()
        defer { store.folder.remove() }
        store.defaults.set("kept", forKey: "before")
        failureCase.write(store.defaults)

        #expect(store.defaults.object(forKey: failureCase.key) == nil)
        #expect(store.other.string(forKey: "before") == "kept")
        let failure = try #require(store.defaults.lastFailure)
        #expect(failure.code == .notAPropertyList)
        #expect(failure.message.contains("'\(failureCase.key)'"), "\(failure)")
        // Another object of the same suite, as iOS code often makes one per use, sees it too.
        let again = NSUserDefaults(sharedDefaults: store.other)
        #expect(again.lastFailure == failure)
        #expect(!again.synchronize())
        #expect(store.defaults.synchronize())
        #expect(store.defaults.lastFailure == nil)
    }
}
