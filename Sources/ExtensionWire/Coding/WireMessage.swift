import ExtensionIPC
import Foundation
import PropertyLists

/// Every message of ``WireProtocol``, with the descriptors its frame carried.
package enum WireMessage: Sendable {
    case hello(Hello)
    case beginRequest(BeginRequest)
    case loadRequest(LoadRequest)
    case loadReply(LoadReply, descriptors: [OwnedFileDescriptor])
    case completeRequest(CompleteRequest, descriptors: [OwnedFileDescriptor])
    case completeAcknowledgement(CompleteAcknowledgement)
    case cancelRequest(CancelRequest)
    case openURL(OpenURLRequest)
    case openURLReply(OpenURLReply)
    case hostState(HostStateChange)
    case misuse(Misuse)
    case composeUpdate(ComposeUpdate)
    case composeEvent(ComposeEventMessage)
    case interfacePost(InterfaceMessage)
    case interfaceEvent(InterfaceMessage)
    case viewUpdate(ViewUpdate)
    case viewAction(ViewActionMessage)
    case textDocument(TextDocumentChange)
    case widgetState(WidgetStateMessage)
    case widgetUpdate(WidgetUpdateRequest)
    case widgetDisplayMode(WidgetDisplayModeChange)
    case widgetTap(WidgetTap)
    case editQuery(EditQuery)
    case editQueryReply(EditQueryReply)
    case editBegin(EditBegin, descriptors: [OwnedFileDescriptor])
    case editReady(EditReady)
    case editEnd(EditEnd)
    case editResult(EditResult, descriptors: [OwnedFileDescriptor])
    case fileProviderCall(FileProviderCall, descriptors: [OwnedFileDescriptor])
    case fileProviderReply(FileProviderReply, descriptors: [OwnedFileDescriptor])
    case fileProviderSignal(FileProviderSignal)
    case ping(Ping)
    case pong(Pong)

    /// The message's frame kind.
    package var kind: Frame.Kind {
        switch self {
        case .hello: .hello
        case .beginRequest: .beginRequest
        case .loadRequest: .loadRequest
        case .loadReply: .loadReply
        case .completeRequest: .completeRequest
        case .completeAcknowledgement: .completeAcknowledgement
        case .cancelRequest: .cancelRequest
        case .openURL: .openURL
        case .openURLReply: .openURLReply
        case .hostState: .hostState
        case .misuse: .misuse
        case .composeUpdate: .composeUpdate
        case .composeEvent: .composeEvent
        case .interfacePost: .interfacePost
        case .interfaceEvent: .interfaceEvent
        case .viewUpdate: .viewUpdate
        case .viewAction: .viewAction
        case .textDocument: .textDocument
        case .widgetState: .widgetState
        case .widgetUpdate: .widgetUpdate
        case .widgetDisplayMode: .widgetDisplayMode
        case .widgetTap: .widgetTap
        case .editQuery: .editQuery
        case .editQueryReply: .editQueryReply
        case .editBegin: .editBegin
        case .editReady: .editReady
        case .editEnd: .editEnd
        case .editResult: .editResult
        case .fileProviderCall: .fileProviderCall
        case .fileProviderReply: .fileProviderReply
        case .fileProviderSignal: .fileProviderSignal
        case .ping: .ping
        case .pong: .pong
        }
    }

    /// A short name for errors and traces (`load-request`).
    package var name: String { Self.names[kind.rawValue] ?? "kind \(kind.rawValue)" }

    static let names: [UInt8: String] = [
        Frame.Kind.hello.rawValue: "hello", Frame.Kind.beginRequest.rawValue: "begin-request",
        Frame.Kind.loadRequest.rawValue: "load-request", Frame.Kind.loadReply.rawValue: "load-reply",
        Frame.Kind.completeRequest.rawValue: "complete-request",
        Frame.Kind.completeAcknowledgement.rawValue: "complete-acknowledgement",
        Frame.Kind.cancelRequest.rawValue: "cancel-request", Frame.Kind.openURL.rawValue: "open-url",
        Frame.Kind.openURLReply.rawValue: "open-url-reply", Frame.Kind.hostState.rawValue: "host-state",
        Frame.Kind.misuse.rawValue: "misuse",
        Frame.Kind.composeUpdate.rawValue: "compose-update", Frame.Kind.composeEvent.rawValue: "compose-event",
        Frame.Kind.interfacePost.rawValue: "interface-post", Frame.Kind.interfaceEvent.rawValue: "interface-event",
        Frame.Kind.viewUpdate.rawValue: "view-update", Frame.Kind.viewAction.rawValue: "view-action",
        Frame.Kind.textDocument.rawValue: "text-document",
        Frame.Kind.widgetState.rawValue: "widget-state", Frame.Kind.widgetUpdate.rawValue: "widget-update",
        Frame.Kind.widgetDisplayMode.rawValue: "widget-display-mode", Frame.Kind.widgetTap.rawValue: "widget-tap",
        Frame.Kind.editQuery.rawValue: "edit-query", Frame.Kind.editQueryReply.rawValue: "edit-query-reply",
        Frame.Kind.editBegin.rawValue: "edit-begin", Frame.Kind.editReady.rawValue: "edit-ready",
        Frame.Kind.editEnd.rawValue: "edit-end", Frame.Kind.editResult.rawValue: "edit-result",
        Frame.Kind.fileProviderCall.rawValue: "file-provider-call",
        Frame.Kind.fileProviderReply.rawValue: "file-provider-reply",
        Frame.Kind.fileProviderSignal.rawValue: "file-provider-signal",
        Frame.Kind.ping.rawValue: "ping", Frame.Kind.pong.rawValue: "pong",
    ]
}
