import Foundation
import Testing
import AppExtensions

/// `ExtensionContext()` (Apple's `NSExtensionContext()`): a context with no host.
@Suite(.timeLimit(.minutes(1)))
struct DetachedContextTests {
    /// A call on a context with no host and what it answers.
    struct Call: CustomTestStringConvertible, Sendable {
        let name: String
        let run: @Sendable (ExtensionContext) async -> Bool
        let expected: Bool
        var testDescription: String { name }
    }

    static let calls: [Call] = [
        Call(name: "completeRequest: the handler runs with expired == false", run: { context in
            await withCheckedContinuation { continuation in
                context.completeRequest(returningItems: [ExtensionItem()]) { expired in continuation.resume(returning: expired) }
            }
        }, expected: false),
        Call(name: "complete(returningItems:): not expired", run: { context in
            (try? await context.complete(returningItems: nil)) ?? true
        }, expected: false),
        Call(name: "open: not opened", run: { context in
            await withCheckedContinuation { continuation in
                context.open(link("https://swift.org")) { continuation.resume(returning: $0) }
            }
        }, expected: false),
    ]

    @Test("a context made with init() has no input items and answers at once", arguments: calls)
    func noHost(_ call: Call) async {
        let context = ExtensionContext()
        #expect(context.inputItems.isEmpty)
        #expect(await call.run(context) == call.expected)
    }

    @Test("a request on a context with no host still ends once")
    func endsOnce() async throws {
        let context = ExtensionContext()
        context.cancelRequest(withError: CocoaError(.userCancelled))
        #expect(context.isRequestFinished)
        let expired = await withCheckedContinuation { continuation in
            context.completeRequest(returningItems: nil) { continuation.resume(returning: $0) }
        }
        #expect(expired, "a second end is ignored and its handler told expired")
        #expect(throws: ExtensionContextError.self) { try context.cancel(withError: CocoaError(.userCancelled)) }
    }
}
