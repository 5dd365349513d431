import AppGroups
import Foundation
import Synchronization
import Testing

@Suite struct ObservationTests {
    static let suite = "group.com.example.notes"

    /// Collects notifications; `next()` waits for one (a minute at most, as a guard against
    /// hanging, not a measure of speed).
    final class Inbox: Sendable {
        private let changes = Mutex<[Set<String>]>([])
        private let arrived = DispatchSemaphore(value: 0)

        func deliver(_ change: SharedDefaults.Change) {
            changes.withLock { $0.append(change.keys) }
            arrived.signal()
        }

        func next() -> Set<String>? {
            guard arrived.wait(timeout: .now() + 60) == .success else { return nil }
            return changes.withLock { $0.removeFirst() }
        }
    }

    @Test func observersLearnWhichKeysChanged() throws {
        let folder = try TemporaryFolder()
        let observed = try SharedDefaults(containerURL: folder.url, suiteName: Self.suite)
        let writer = try SharedDefaults(containerURL: folder.url, suiteName: Self.suite)
        let inbox = Inbox()
        let observation = try observed.observe { inbox.deliver($0) }
        try writer.set("https://www.swift.org", forKey: "has-new-share")
        #expect(inbox.next() == ["has-new-share"])
        try writer.removeObject(forKey: "has-new-share")
        #expect(inbox.next() == ["has-new-share"], "removals are changes too")
        observation.cancel()
    }

    @Test func inboxObserversHearOfAppends() throws {
        let folder = try TemporaryFolder()
        let observed = try ShareInbox(containerURL: folder.url)
        let writer = try ShareInbox(containerURL: folder.url)
        let appended = DispatchSemaphore(value: 0)
        let observation = try observed.observeAppends { appended.signal() }
        defer { observation.cancel() }
        let id = try writer.append(InboxShare(text: "https://www.swift.org"))
        #expect(appended.wait(timeout: .now() + 60) == .success, "no notification of the append")
        #expect(try observed.receive(leaseDuration: .seconds(30)) { _ in }?.id == id)
    }

    @Test
    func anotherProcessIsNotifiedOfChanges() throws {
        try WorkerBinary.require()
        let folder = try TemporaryFolder()
        let defaults = try SharedDefaults(containerURL: folder.url, suiteName: Self.suite)
        let observer = try WorkerProcess(["defaults-observe", folder.url.path, Self.suite, "2"])
        #expect(observer.readLine() == "ready")
        try defaults.set("one", forKey: "first")
        #expect(observer.readLine() == "changed first=one")
        try defaults.update(forKey: "second") { _ in "two" }
        #expect(observer.readLine() == "changed second=two")
        #expect(observer.finish().ending == .exit(0))
    }

    @Test
    func thisProcessIsNotifiedOfAnotherProcessWrites() throws {
        try WorkerBinary.require()
        let folder = try TemporaryFolder()
        let defaults = try SharedDefaults(containerURL: folder.url, suiteName: Self.suite)
        let inbox = Inbox()
        let observation = try defaults.observe { inbox.deliver($0) }
        let writer = try WorkerProcess(["defaults-set", folder.url.path, Self.suite, "from-extension", "hello"])
        #expect(writer.finish().lines == ["set"])
        #expect(inbox.next() == ["from-extension"])
        #expect(defaults.string(forKey: "from-extension") == "hello")
        withExtendedLifetime(observation) {}
    }
}
