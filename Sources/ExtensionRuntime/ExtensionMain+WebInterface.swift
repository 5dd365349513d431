import AppExtensions
import ExtensionWire
import Foundation

extension ExtensionMain {
    /// Runs an extension with its own web interface; never returns.
    ///
    /// ```swift
    /// // main.swift: Info.plist names the page in NSExtensionAttributes.AppexWebInterfacePage
    /// ExtensionMain.run(webInterface: { PhotoPost() })
    /// ```
    ///
    /// The host shows the page when the request begins; what the page posts arrives in
    /// ``WebInterface/messages`` in order, and ``WebInterface/post(_:)-(WebInterfaceMessage)``
    /// sends to it. The handler ends the request through its context, as any extension.
    public static func run(webInterface makeHandler: @escaping @Sendable () -> any WebInterfaceRequestHandling) -> Never {
        runProcess { await serve(webInterface: makeHandler) }
    }

    static func serve(webInterface makeHandler: @escaping @Sendable () -> any WebInterfaceRequestHandling) async -> Int32 {
        await serveRequest { connection, context in
            let interface = WebInterface { message in
                try await connection.send(.interfacePost(InterfaceMessage(json: message.json)))
            }
            connection.state.withLock { $0.interface = interface }
            let handler = makeHandler()
            // A job of the conversation: it ends with it (the interface's messages end when
            // the request is over).
            connection.submit { await handler.beginRequest(with: context, interface: interface) }
            return handler
        }
    }
}
