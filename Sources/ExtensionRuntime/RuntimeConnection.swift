import AppExtensions
import ComposeSheet
import ExtensionIPC
import ExtensionWire
import Foundation
import Synchronization

/// The extension's side of the channel: sends the context's calls to the host and routes
/// the host's replies to whoever waits for them.
///
/// The context's calls are synchronous (Apple's API); each becomes a job that ``serve()``
/// runs as a child task, so every send is async and owned by the conversation.
final class RuntimeConnection: ExtensionHostConnection, Sendable {
    typealias Job = @Sendable () async -> Void

    let channel: Channel
    let state = Mutex(State())
    /// The request's context, for delivering host state changes to it.
    let context = Mutex<ExtensionContext?>(nil)
    let jobs: AsyncStream<Job>
    let submitJob: AsyncStream<Job>.Continuation

    struct State: Sendable {
        var nextID = 1
        var loads: [Int: @Sendable (LoadReply, [OwnedFileDescriptor]) -> Void] = [:]
        var opens: [Int: @Sendable (Bool) -> Void] = [:]
        var acknowledge: (@Sendable (Bool) -> Void)?
        /// The exit code once the request is over (completed and acknowledged, or cancelled).
        var finished: Int32?
        /// The extension's compose sheet, which the host's events go to.
        var composeSheet: SheetBox?
        /// The extension's view controller, which the host's actions go to.
        var viewController: ViewBox?
        /// The extension's own interface, which the page's messages go to.
        var interface: WebInterface?
        /// The extension's widget, which the host's updates and mode changes go to.
        var widget: WidgetBox?
        /// The extension's photo editor, which the host's queries, images and Done or
        /// Cancel go to.
        var editor: EditorBox?
        /// For a keyboard: the field it types into first, and where it runs.
        var keyboard: KeyboardSetup?
        /// For a file provider: its storage folder.
        var fileProvider: FileProviderSetup?
        /// The extension's file provider, which the host's calls go to.
        var provider: ProviderBox?
    }

    init(channel: Channel) {
        self.channel = channel
        (jobs, submitJob) = AsyncStream.makeStream(of: Job.self)
    }

    /// Adopts the host's descriptor named by `APPEX_CHANNEL_FD` and says hello.
    static func connect(environment: [String: String]) async throws -> RuntimeConnection {
        guard let text = environment["APPEX_CHANNEL_FD"], let number = Int32(text), number >= 0 else {
            throw RuntimeError(.notLaunchedByHost, "APPEX_CHANNEL_FD is not set: an extension executable is started by its host (`appex share --to <id>`), not run directly")
        }
        let connection = RuntimeConnection(channel: try Channel(adopting: OwnedFileDescriptor(taking: number)))
        try await connection.send(.hello(Hello(processIdentifier: getpid())))
        return connection
    }

    /// Waits for the host's request and builds the context over proxy providers.
    func receiveRequest() async throws -> ExtensionContext {
        let frame = try await channel.receive()
        guard case .beginRequest(let request) = try WireMessage(frame) else {
            throw RuntimeError(.protocolFailure, "expected begin-request first, got frame kind \(frame.kind.rawValue)")
        }
        guard request.protocolVersion == WireProtocol.version else {
            throw RuntimeError(.protocolFailure, "the host speaks protocol version \(request.protocolVersion); this runtime speaks \(WireProtocol.version)")
        }
        let items = request.items.enumerated().map { index, item in
            item.makeItem(attachments: item.attachments.enumerated().map { attachment, descriptor in
                ProxyProvider.make(descriptor, itemIndex: index, attachmentIndex: attachment, connection: self)
            })
        }
        let context = ExtensionContext(inputItems: items, connection: self, configuration: request.configuration)
        self.context.withLock { $0 = context }
        state.withLock { state in
            state.keyboard = request.keyboard
            state.fileProvider = request.fileProvider
        }
        return context
    }

    /// Sends one message, suspending while the socket is full.
    func send(_ message: WireMessage) async throws {
        try await channel.send(try message.frame())
    }

    /// Runs `job` as a child task of the conversation.
    func submit(_ job: @escaping Job) {
        submitJob.yield(job)
    }

    /// Ends the conversation with exit code `code` (the first call counts).
    func finish(_ code: Int32) {
        let interface = state.withLock { state in
            if state.finished == nil { state.finished = code }
            return state.interface
        }
        // The page's messages end with the request.
        interface?.close()
        submitJob.finish()
    }

    /// Sends the host's compose-sheet events to `sheet` from now on.
    func acceptComposeEvents(_ sheet: SheetBox) {
        state.withLock { $0.composeSheet = sheet }
    }

    /// Sends the host's view actions to `view` from now on.
    func acceptViewActions(_ view: ViewBox) {
        state.withLock { $0.viewController = view }
    }

    /// Sends the host's widget updates and mode changes to `widget` from now on.
    func acceptWidgetRequests(_ widget: WidgetBox) {
        state.withLock { $0.widget = widget }
    }

    /// Sends the host's edit queries, images and Done or Cancel to `editor` from now on.
    func acceptEditRequests(_ editor: EditorBox) {
        state.withLock { $0.editor = editor }
    }

    /// Sends the host's file-provider calls to `provider` from now on.
    func acceptFileProviderCalls(_ provider: ProviderBox) {
        state.withLock { $0.provider = provider }
    }

    /// A fresh identifier for a load or an open request.
    func nextIdentifier() -> Int {
        state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
    }
}
