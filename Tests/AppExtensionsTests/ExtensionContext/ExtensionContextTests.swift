import Foundation
import Synchronization
import Testing
import AppExtensions

/// A connection that records what the context told it.
final class RecordingConnection: ExtensionHostConnection {
    let completed = Recorder<[ExtensionItem]>()
    let cancelled = Recorder<NSError>()
    let opened = Recorder<URL>()
    let misuses = Recorder<ExtensionContextError>()
    let expired: Bool

    init(expired: Bool = false) { self.expired = expired }

    func completeRequest(returningItems items: [ExtensionItem], acknowledge: @escaping @Sendable (Bool) -> Void) {
        completed.record(items)
        acknowledge(expired)
    }
    func cancelRequest(withError error: NSError) { cancelled.record(error) }
    func open(_ url: URL, completionHandler: @escaping @Sendable (Bool) -> Void) {
        opened.record(url)
        completionHandler(true)
    }
    func extensionContext(_ context: ExtensionContext, didMisuse error: ExtensionContextError) { misuses.record(error) }
}

@Suite struct ExtensionContextTests {
    func complete(_ context: ExtensionContext, _ items: [ExtensionItem]?) async -> Bool {
        await withCheckedContinuation { continuation in
            context.completeRequest(returningItems: items) { continuation.resume(returning: $0) }
        }
    }

    @Test func completingSendsTheItemsAndReportsExpired() async {
        for expired in [false, true] {
            let connection = RecordingConnection(expired: expired)
            let context = ExtensionContext(inputItems: [], connection: connection)
            let result = ExtensionItem(attributedTitle: NSAttributedString(string: "done"))
            #expect(await complete(context, [result]) == expired)
            #expect(connection.completed.all.first?.first === result)
            #expect(context.isRequestFinished)
        }
    }

    @Test func nilItemsMeanNone() async {
        let connection = RecordingConnection()
        let context = ExtensionContext(inputItems: [], connection: connection)
        _ = await complete(context, nil)
        #expect(connection.completed.all.map(\.count) == [0])
    }

    @Test func completingTwiceIsReportedNotSent() async throws {
        let connection = RecordingConnection()
        let context = ExtensionContext(inputItems: [], connection: connection)
        #expect(await complete(context, []) == false)
        #expect(await complete(context, []) == true, "the second handler is told its call will not run")
        await #expect(throws: ExtensionContextError.self) { _ = try await context.complete(returningItems: []) }
        context.cancelRequest(withError: CocoaError(.userCancelled))
        #expect(connection.completed.all.count == 1)
        #expect(connection.cancelled.all.isEmpty)
        #expect(connection.misuses.all.map(\.code) == Array(repeating: .requestAlreadyFinished, count: 3))
        #expect(connection.misuses.all.first?.message.contains("already completed") == true)
    }

    @Test func cancellingSendsTheErrorWithItemsAndErrors() throws {
        let connection = RecordingConnection()
        let input = ExtensionItem()
        let context = ExtensionContext(inputItems: [input], connection: connection)
        context.cancelRequest(withError: CocoaError(.userCancelled))
        #expect(throws: ExtensionContextError.self) { try context.cancel(withError: CocoaError(.userCancelled)) }
        let error = try #require(connection.cancelled.all.first)
        #expect(error.domain == NSCocoaErrorDomain)
        #expect(error.code == 3072)
        let map = try #require(error.userInfo[ExtensionContext.itemsAndErrorsKey] as? [ExtensionItem: NSError])
        #expect(map[input]?.code == 3072)
        #expect(connection.cancelled.all.count == 1)
    }

    struct OpenCase: Sendable, CustomTestStringConvertible {
        let policy: ExtensionContext.OpenURLPolicy
        let url: String
        let allowed: Bool
        var testDescription: String { "\(policy) \(url) → \(allowed)" }
    }

    @Test(arguments: [
        OpenCase(policy: .containingAppSchemes, url: "myapp://share/1", allowed: true),
        OpenCase(policy: .containingAppSchemes, url: "MYAPP://share/1", allowed: true),
        OpenCase(policy: .containingAppSchemes, url: "https://swift.org", allowed: false),
        OpenCase(policy: .containingAppSchemes, url: "otherapp://x", allowed: false),
        OpenCase(policy: .none, url: "myapp://share/1", allowed: false),
        OpenCase(policy: .any, url: "https://swift.org", allowed: true),
    ])
    func openFollowsThePointsPolicy(_ c: OpenCase) async throws {
        let connection = RecordingConnection()
        let context = ExtensionContext(inputItems: [], connection: connection,
                                       configuration: .init(openURLPolicy: c.policy, containingAppURLSchemes: ["MyApp"]))
        let url = try #require(URL(string: c.url))
        let success = await withCheckedContinuation { continuation in
            context.open(url) { continuation.resume(returning: $0) }
        }
        #expect(success == c.allowed)
        #expect(connection.opened.all == (c.allowed ? [url] : []))
        #expect(connection.misuses.all.map(\.code) == (c.allowed ? [] : [.openURLRefused]))
        if !c.allowed {
            await #expect(throws: ExtensionContextError.self) { _ = try await context.openURL(url) }
            #expect(connection.misuses.all.first?.message.contains(c.url) == true)
        }
    }

    @Test(arguments: ExtensionContext.HostState.allCases)
    func hostStateChangesArePosted(_ state: ExtensionContext.HostState) {
        let center = NotificationCenter()
        let context = ExtensionContext(inputItems: [], connection: RecordingConnection())
        let received = Recorder<Notification.Name>()
        let observer = center.addObserver(forName: state.notificationName, object: context, queue: nil) {
            received.record($0.name)
        }
        context.hostStateDidChange(state, center: center)
        center.removeObserver(observer)
        #expect(received.all == [state.notificationName])
        #expect(state.notificationName.rawValue.hasPrefix("NSExtensionHost"))
    }
}
