import Dispatch
import Foundation
import Testing
import AppExtensions

/// Providers that never answer, answer twice, throw, or answer nothing: the loader gets a
/// clear error, never a hang or a crash.
@Suite struct MisbehavingProviderTests {
    struct HandlerFailure: Error, CustomStringConvertible {
        var description: String { "disk on fire" }
    }

    @Test func aHandlerThatNeverAnswersTimesOut() async {
        let provider = ItemProvider()
        provider.loadTimeout = 0.2
        provider.registerItem(forTypeIdentifier: "public.jpeg") { _, _, _ in }
        let error = await loadError { _ = try await provider.loadItem(forTypeIdentifier: "public.jpeg") }
        #expect(error?.code == .itemUnavailableError)
        #expect(error?.message == "Timed out after 0.2 s loading an item of type public.jpeg")
    }

    @Test func aSecondAnswerIsIgnoredAndReported() async throws {
        let diagnostics = Recorder<ItemProviderDiagnostic>()
        let handlerDone = Signal()
        let provider = ItemProvider()
        provider.diagnosticHandler = { diagnostics.record($0) }
        provider.registerItem(forTypeIdentifier: "public.plain-text") { completion, _, _ in
            completion("first", nil)
            completion("second", nil)
            completion(nil, HandlerFailure())
            handlerDone.fire()
        }
        let value = try await provider.loadItem(forTypeIdentifier: "public.plain-text")
        await handlerDone.wait()
        #expect(value as? String == "first")
        #expect(diagnostics.all.map(\.code) == [.completionCalledTwice, .completionCalledTwice])
        #expect(diagnostics.all.first?.message.contains("public.plain-text") == true)
    }

    @Test func aThrowingHandlerFailsTheLoad() async {
        let provider = ItemProvider()
        provider.registerItem(forTypeIdentifier: "public.png") { _, _, _ in throw HandlerFailure() }
        let error = await loadError { _ = try await provider.loadItem(forTypeIdentifier: "public.png") }
        #expect(error?.code == .itemUnavailableError)
        #expect(error?.message == "Cannot load representation of type public.png: the load handler threw disk on fire")
        #expect(error?.underlyingError is HandlerFailure)
    }

    @Test func throwingDataAndFileHandlersFailTheLoad() async {
        let provider = ItemProvider()
        provider.registerDataRepresentation(forTypeIdentifier: "public.png") { _ in throw HandlerFailure() }
        provider.registerFileRepresentation(forTypeIdentifier: "com.adobe.pdf") { _ in throw HandlerFailure() }
        let dataError = await loadError { _ = try await provider.loadDataRepresentation(forTypeIdentifier: "public.png") }
        let fileError = await loadError { _ = try await provider.loadFileRepresentation(forTypeIdentifier: "com.adobe.pdf") { $0 } }
        #expect(dataError?.code == .itemUnavailableError)
        #expect(fileError?.code == .itemUnavailableError)
    }

    @Test func anAnswerWithNeitherValueNorErrorFails() async {
        let provider = ItemProvider()
        provider.registerItem(forTypeIdentifier: "public.url") { completion, _, _ in completion(nil, nil) }
        let error = await loadError { _ = try await provider.loadItem(forTypeIdentifier: "public.url") }
        #expect(error?.code == .itemUnavailableError)
        #expect(error?.message == "Cannot load representation of type public.url: the load handler returned neither a value nor an error")
    }

    @Test func aHandlerErrorIsWrappedUnlessItIsAlreadyAProviderError() async {
        let provider = ItemProvider()
        provider.registerItem(forTypeIdentifier: "public.url") { completion, _, _ in completion(nil, HandlerFailure()) }
        provider.registerItem(forTypeIdentifier: "public.text") { completion, _, _ in
            completion(nil, ItemProviderError(.unexpectedValueClassError, "forwarded from another process"))
        }
        let wrapped = await loadError { _ = try await provider.loadItem(forTypeIdentifier: "public.url") }
        let forwarded = await loadError { _ = try await provider.loadItem(forTypeIdentifier: "public.text") }
        #expect(wrapped?.code == .itemUnavailableError)
        #expect(wrapped?.underlyingError is HandlerFailure)
        #expect(forwarded?.code == .unexpectedValueClassError)
        #expect(forwarded?.message == "forwarded from another process")
    }

    @Test func anAnswerAfterTheTimeoutIsReported() async {
        let diagnostics = Recorder<ItemProviderDiagnostic>()
        let timedOut = DispatchSemaphore(value: 0)
        let handlerDone = Signal()
        let provider = ItemProvider()
        provider.loadTimeout = 0.1
        provider.diagnosticHandler = { diagnostics.record($0) }
        provider.registerItem(forTypeIdentifier: "public.data") { completion, _, _ in
            _ = timedOut.wait(timeout: .now() + 10)
            completion(.data(Data()), nil)
            handlerDone.fire()
        }
        let error = await loadError { _ = try await provider.loadItem(forTypeIdentifier: "public.data") }
        timedOut.signal()
        await handlerDone.wait()
        #expect(error?.code == .itemUnavailableError)
        #expect(diagnostics.all.map(\.code) == [.completionAfterTimeout])
    }

    @Test func handlersAndCompletionsNeverRunInlineOnTheCaller() async {
        let loadReturned = DispatchSemaphore(value: 0)
        let handlerSawReturn = Recorder<Bool>()
        let provider = ItemProvider()
        provider.registerItem(forTypeIdentifier: "public.plain-text") { completion, _, _ in
            // If this ran inline, loadItem would not have returned yet and the wait would time out.
            handlerSawReturn.record(loadReturned.wait(timeout: .now() + 5) == .success)
            completion("x", nil)
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            provider.loadItem(forTypeIdentifier: "public.plain-text", options: nil) { _, _ in continuation.resume() }
            loadReturned.signal()
        }
        #expect(handlerSawReturn.all == [true])
    }
}
