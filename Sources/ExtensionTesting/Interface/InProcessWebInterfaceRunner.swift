import AppExtensions
import Foundation

/// Runs an extension's web-interface handler in this process: a new handler per run, its
/// page played by the test, messages checked as the host checks them (JSON, within the
/// limit).
public struct InProcessWebInterfaceRunner: WebInterfaceRunner {
    private let makeHandler: @Sendable () -> any WebInterfaceRequestHandling

    /// A runner that makes a new handler from `makeHandler` for each run.
    public init(_ makeHandler: @escaping @Sendable () -> any WebInterfaceRequestHandling) {
        self.makeHandler = makeHandler
    }

    public func run(_ request: ExtensionRequest, page: @escaping @Sendable (TestInterfacePage) async throws -> Void) async -> ExtensionRunResult {
        let connection = HarnessConnection(acknowledgesAsExpired: request.acknowledgesAsExpired)
        let context = ExtensionContext(inputItems: request.inputItems, connection: connection, configuration: request.configuration)
        let (posted, deliver) = AsyncStream.makeStream(of: WebInterfaceMessage.self)
        let interface = WebInterface { message in
            try message.check(from: "the extension's post")
            deliver.yield(message)
        }
        let handler = makeHandler()
        let testPage = TestInterfacePage(received: posted) { message in
            try message.check(from: "the page's message")
            interface.receive(message)
        }
        return await withTaskGroup(of: Void.self) { group in
            group.addTask { await handler.beginRequest(with: context, interface: interface) }
            var failure: String?
            do {
                try await page(testPage)
            } catch {
                failure = "the page failed: \(error)"
            }
            let result: ExtensionRunResult
            if let failure { result = ExtensionRunResult(outcome: .failed(failure)) } else { result = await connection.result(timeout: request.timeout) }
            // The request is over: the page goes away, the handler's messages end.
            interface.close()
            deliver.finish()
            group.cancelAll()
            return result
        }
    }
}
