import AppExtensions
import ExtensionIPC
import ExtensionWire
import Foundation

/// Answers an extension's loads from the host's providers, each on a global queue.
///
/// Files go over as read-only descriptors of the file itself when the provider offers it
/// in place (a provider made with `init(contentsOf:)` does), else of the provider's
/// temporary copy; a `public.file-url` value goes over as its file's descriptor, so no
/// host path ever reaches the extension.
struct LoadServer: Sendable {
    let items: [ExtensionItem]
    let session: Session

    func serve(_ request: LoadRequest) {
        guard items.indices.contains(request.itemIndex),
              let attachments = items[request.itemIndex].attachments,
              attachments.indices.contains(request.attachmentIndex) else {
            return reply(LoadReply(loadID: request.loadID, error: WireError(ItemProviderError(
                .itemUnavailableError, "there is no attachment \(request.attachmentIndex) in item \(request.itemIndex)"))))
        }
        let provider = attachments[request.attachmentIndex]
        Task.detached {
            do {
                try await answer(request, from: provider)
            } catch {
                reply(LoadReply(loadID: request.loadID, error: WireError(error)))
            }
        }
    }

    private func answer(_ request: LoadRequest, from provider: ItemProvider) async throws {
        let type = request.typeIdentifier
        let isFile = provider.descriptor.fileTypeIdentifiers.contains { $0.lowercased() == type.lowercased() }
        switch request.representation {
        case .file, .item where isFile:
            let (fd, name, inPlace) = try await provider.loadInPlaceFileRepresentation(forTypeIdentifier: type) { url, inPlace in
                (try WireFiles.openForSending(url), provider.suggestedName ?? url.lastPathComponent, inPlace)
            }
            reply(LoadReply(loadID: request.loadID, value: .file(descriptorIndex: 0, name: name), isInPlace: inPlace), [fd])
        case .item:
            let value = try await provider.loadValue(forTypeIdentifier: type)
            if case .url(let url) = value, url.isFileURL {
                let fd = try WireFiles.openForSending(url)
                reply(LoadReply(loadID: request.loadID, value: .file(descriptorIndex: 0, name: url.lastPathComponent)), [fd])
            } else {
                reply(LoadReply(loadID: request.loadID, value: .value(value)))
            }
        case .data:
            let data = try await provider.loadDataRepresentation(forTypeIdentifier: type)
            reply(LoadReply(loadID: request.loadID, value: .value(.data(data))))
        case .previewImage:
            let image = try await provider.loadPreviewImage()
            guard let value = ItemProviderValue(any: image) else {
                throw ItemProviderError(.unexpectedValueClassError, "the preview image is a \(Swift.type(of: image)), which cannot travel")
            }
            reply(LoadReply(loadID: request.loadID, value: .value(value)))
        }
    }

    private func reply(_ reply: LoadReply, _ descriptors: [OwnedFileDescriptor] = []) {
        defer { descriptors.forEach { $0.close() } }
        do {
            try session.send(.loadReply(reply, descriptors: descriptors))
        } catch let error as WireProtocolError {
            // Too large for a frame, for example: tell the extension instead.
            try? session.send(.loadReply(LoadReply(loadID: reply.loadID, error: WireError(
                domain: ItemProviderError.domain, code: ItemProviderError.Code.itemUnavailableError.rawValue,
                message: "the value of \(reply.loadID) cannot be sent: \(error.message)")), descriptors: []))
        } catch {
            // The channel is gone; the session notices the process's end.
        }
    }
}
