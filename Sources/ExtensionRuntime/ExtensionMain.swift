import AppExtensions
import Dispatch
import ExtensionIPC
import ExtensionWire
import Foundation

/// The entry point of an extension executable: connects to the host, receives the
/// request, and hands the author the ``ExtensionContext`` API with loads proxied to the host.
///
/// ```swift
/// // main.swift of an extension executable
/// import AppExtensions
/// import ExtensionRuntime
///
/// final class ShareViewController: ExtensionRequestHandling, Sendable {
///     func beginRequest(with context: ExtensionContext) { … context.completeRequest(returningItems: []) }
/// }
/// ExtensionMain.run { ShareViewController() }
/// ```
///
/// The host starts the executable with its end of the channel at `APPEX_CHANNEL_FD`. The
/// process ends after the host acknowledges completion (once the completion handler has
/// run), after a cancellation, or when the host goes away.
public enum ExtensionMain {
    /// Runs the extension's one request; never returns.
    public static func run(_ makeHandler: @escaping @Sendable () -> any ExtensionRequestHandling & Sendable) -> Never {
        do {
            let connection = try RuntimeConnection.connect(environment: ProcessInfo.processInfo.environment)
            let handler = makeHandler()
            let context = try connection.receiveRequest()
            Offload.run { handler.beginRequest(with: context) }
            let code = connection.serve()
            withExtendedLifetime(handler) {}
            exit(code)
        } catch {
            FileHandle.standardError.write(Data("appex extension runtime: \(error)\n".utf8))
            exit(70)
        }
    }
}
