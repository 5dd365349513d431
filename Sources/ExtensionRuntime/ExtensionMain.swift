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
/// conversation is one task on the process's event loop; the main thread parks in
/// `dispatchMain()` (so the main queue serves UI-style code) and nothing polls. The
/// process ends after the host acknowledges completion (once the completion handler has
/// run), after a cancellation, or when the host goes away.
public enum ExtensionMain {
    /// Runs the extension's one request; never returns.
    public static func run(_ makeHandler: @escaping @Sendable () -> any ExtensionRequestHandling & Sendable) -> Never {
        runProcess { await serve(makeHandler) }
    }

    /// Connects, begins the request, serves it; the process's exit code.
    static func serve(_ makeHandler: @escaping @Sendable () -> any ExtensionRequestHandling & Sendable) async -> Int32 {
        await serveRequest { _, context in
            let handler = makeHandler()
            Offload.run { handler.beginRequest(with: context) }
            return handler
        }
    }

    /// Runs `serve` as the process's one root task, which owns the conversation and ends
    /// the process with its exit code; the main thread parks in `dispatchMain()`.
    static func runProcess(_ serve: @escaping @Sendable () async -> Int32) -> Never {
        Task {
            Foundation.exit(await serve())
        }
        dispatchMain()
    }

    /// Connects to the host and receives the request; `start` sets up what serves it (the
    /// handler, the sheet, the page, the widget) and returns what must live as long as the
    /// conversation; then the conversation is served. The exit code: the conversation's,
    /// or 70 when it could not start (the reason on standard error).
    static func serveRequest(_ start: (RuntimeConnection, ExtensionContext) async throws -> Any) async -> Int32 {
        do {
            let connection = try await RuntimeConnection.connect(environment: ProcessInfo.processInfo.environment)
            let context = try await connection.receiveRequest()
            let kept = try await start(connection, context)
            let code = await connection.serve()
            if let ending = kept as? any RequestEnding { await ending.requestEnded() }
            withExtendedLifetime(kept) {}
            return code
        } catch {
            FileHandle.standardError.write(Data("appex extension runtime: \(error)\n".utf8))
            return 70
        }
    }
}
