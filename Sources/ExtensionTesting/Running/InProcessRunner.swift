import AppExtensions
import Dispatch
import Foundation

/// Runs a request handler in this process, as the host would call an extension's
/// principal object.
///
/// Each run makes a new handler, creates an ``ExtensionContext`` over the request's items
/// and calls `beginRequest(with:)` on a background queue; the handler stays alive until
/// the run ends.
public struct InProcessRunner: ExtensionRunner {
    private let makeHandler: @Sendable () -> any ExtensionRequestHandling & Sendable

    /// Creates a runner that makes a new handler for each request.
    public init(_ makeHandler: @escaping @Sendable () -> any ExtensionRequestHandling & Sendable) {
        self.makeHandler = makeHandler
    }

    public func run(_ request: ExtensionRequest) async -> ExtensionRunResult {
        let connection = HarnessConnection(acknowledgesAsExpired: request.acknowledgesAsExpired)
        let context = ExtensionContext(inputItems: request.inputItems, connection: connection,
                                       configuration: request.configuration)
        let handler = makeHandler()
        Offload.run { handler.beginRequest(with: context) }
        let result = await connection.result(timeout: request.timeout)
        withExtendedLifetime(handler) {}
        return result
    }
}
