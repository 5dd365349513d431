import AppExtensions
import ExtensionIPC
import ExtensionWire
import Foundation
import PhotoEditing

extension ExtensionSession {
    /// Asks the editor whether it can resume from `adjustmentData` (Apple's
    /// `canHandle(_:)`); `nil` when the run ended first.
    public func canHandle(_ adjustmentData: AdjustmentData, timeout: Duration? = nil) async -> Bool? {
        guard await requestSent() else { return nil }
        let id = state.withLock { $0.edit.replies.ask() }
        let reply = await withDeadline(timeout, .editTimedOut, doing: "answer whether it can handle the adjustment data") {
            await exchange(.editQuery(EditQuery(queryID: id, adjustmentData: adjustmentData)), id: id, in: \.edit.replies)
        }
        switch reply {
        case .query(let canHandle)?: return canHandle
        case nil: return nil
        case let other?: return refuse(other, answering: "edit-query")
        }
    }

    /// Starts editing: the editor gets `input`'s images as read-only descriptors. `nil`
    /// when the run ended first.
    public func beginEditing(_ input: PhotoEditingInput, timeout: Duration? = nil) async -> PhotoEditStart? {
        guard await requestSent() else { return nil }
        let images: [OwnedFileDescriptor]
        do {
            images = try await [handingOff(input.fullSizeImage), handingOff(input.displaySizeImage)]
        } catch {
            let reason = (error as? ItemProviderError)?.message ?? "\(error)"
            end(ExtensionHostError(.launchFailed, "cannot hand \(input.fullSizeImage.lastPathComponent) to \(installed.identifier): \(reason)"))
            return nil
        }
        defer { images.forEach { $0.close() } }
        let id = state.withLock { $0.edit.replies.ask() }
        let begin = EditBegin(editID: id, adjustmentData: input.adjustmentData, uniformTypeIdentifier: input.uniformTypeIdentifier,
                              orientation: input.orientation, mediaType: ContentEditingInput.MediaType.image.rawValue,
                              name: input.fullSizeImage.lastPathComponent)
        let reply = await withDeadline(timeout, .editTimedOut, doing: "start editing") {
            await exchange(.editBegin(begin, descriptors: images), id: id, in: \.edit.replies)
        }
        switch reply {
        case .ready(let ready)?:
            state.withLock { $0.edit.editID = id }
            return .ready(shouldShowCancelConfirmation: ready.shouldShowCancelConfirmation, title: ready.title)
        case .ended(.failed(let message))?: return .failed(message)
        case nil: return nil
        case let other?: return refuse(other, answering: "edit-begin")
        }
    }

    /// The user tapped Done: waits for the rendered photo (at most `timeout`); `nil` when
    /// the run ended first.
    public func finishEditing(timeout: Duration? = nil) async -> PhotoEditEnding? {
        await endEditing(.finish, timeout: timeout)
    }

    /// The user tapped Cancel (after confirming, when the editor asked for it).
    public func cancelEditing(timeout: Duration? = nil) async -> PhotoEditEnding? {
        await endEditing(.cancel, timeout: timeout)
    }

    private func endEditing(_ action: EditEnd.Action, timeout: Duration?) async -> PhotoEditEnding? {
        guard let id = state.withLock({ state -> Int? in
            defer { state.edit.editID = nil }
            if let id = state.edit.editID { state.edit.replies.expect(id) }
            return state.edit.editID
        }) else { return nil }
        let reply = await withDeadline(timeout, .editTimedOut, doing: action == .finish ? "finish editing" : "cancel editing") {
            await exchange(.editEnd(EditEnd(editID: id, action: action)), id: id, in: \.edit.replies)
        }
        switch reply {
        case .ended(let ending)?:
            if case .cancelled = ending, action == .finish {
                return refuse(.ended(ending), answering: "Done")
            }
            return ending
        case nil: return nil
        case let other?: return refuse(other, answering: "edit-end")
        }
    }

    /// An answer of the wrong kind: the run ends as a protocol violation.
    private func refuse<T>(_ reply: EditReply, answering question: String) -> T? {
        fail(ExtensionHostError(.protocolViolation, "\(installed.identifier) answered \(question) with \(reply.name)"))
        return nil
    }

    /// `url` opened read-only as the extension may receive it (through the hand-off
    /// folder when sandboxed).
    private func handingOff(_ url: URL) async throws -> OwnedFileDescriptor {
        try await LoadServer.handOff(try WireFiles.openForSending(url), named: url.lastPathComponent, to: process)
    }

    /// An edit message from the extension, handed to whoever waits for it.
    func receive(_ reply: EditReply, answering id: Int) {
        let answer = state.withLock { $0.edit.replies.answer(id, with: reply) }
        guard answer.accepted else {
            return fail(ExtensionHostError(.protocolViolation, "\(installed.identifier) sent \(reply.name) for edit \(id), which the host did not ask or was already answered"))
        }
        answer.waiter?.resume(returning: reply)
    }

    /// At the end of the run: nobody waits for an editor's answer any more.
    func releaseEditWaiters() {
        state.withLock { $0.edit.replies.release() }.forEach { $0.resume(returning: nil) }
    }
}

/// The photo editor as the session knows it.
struct EditSessionState: Sendable {
    /// Queries and edits sent and not answered yet.
    var replies = PendingReplies<EditReply>()
    /// The edit begun and not ended yet.
    var editID: Int?
}

/// An editor's answer.
enum EditReply: Sendable {
    case query(Bool)
    case ready(EditReady)
    case ended(PhotoEditEnding)

    var name: String {
        switch self {
        case .query: "edit-query-reply"
        case .ready: "edit-ready"
        case .ended: "edit-result"
        }
    }
}

extension ExtensionSession {
    /// The most characters of an editor's title the host shows.
    static let maximumEditorTitle = 200

    /// An editor's message, checked: adjustment data within its limit, a rendered edit
    /// with exactly its one file, anything else with none.
    func receiveEdit(_ message: WireMessage) {
        let name = installed.identifier
        switch message {
        case .editQueryReply(let reply):
            receive(.query(reply.canHandle), answering: reply.queryID)
        case .editReady(let ready):
            if let title = ready.title, title.count > Self.maximumEditorTitle {
                return fail(ExtensionHostError(.protocolViolation, "\(name) sent an editor title of \(title.count) characters; at most \(Self.maximumEditorTitle)"))
            }
            receive(.ready(ready), answering: ready.editID)
        case .editResult(let result, let descriptors):
            let files = result.outcome == .rendered ? 1 : 0
            guard descriptors.count == files else {
                descriptors.forEach { $0.close() }
                return fail(ExtensionHostError(.protocolViolation, "\(name) sent a \(result.outcome.rawValue) edit-result with \(descriptors.count) file(s); it carries \(files)"))
            }
            let ending: PhotoEditEnding
            switch result.outcome {
            case .rendered:
                guard let data = result.adjustmentData else {
                    return fail(ExtensionHostError(.protocolViolation, "\(name) sent a rendered edit-result without adjustment data"))
                }
                guard data.data.count <= AdjustmentData.maximumDataSize else {
                    return fail(ExtensionHostError(.protocolViolation, "\(name) sent \(data.data.count) bytes of adjustment data; the host keeps at most \(AdjustmentData.maximumDataSize)"))
                }
                ending = .rendered(RenderedEdit(adjustmentData: data, descriptor: descriptors[0]))
            case .cancelled:
                ending = .cancelled
            case .failed:
                ending = .failed(String((result.message ?? "the editor gave no output").prefix(1000)))
            }
            receive(.ended(ending), answering: result.editID)
        default:
            break
        }
    }
}
