import AppExtensions
import ExtensionIPC
import ExtensionWire
import Foundation

/// Answers an extension's loads from the host's providers.
///
/// Each load runs as a child task of its session (``ExtensionSession``): a slow provider
/// holds up neither other loads nor the session, and a session that ends cancels its
/// loads, whose waits return at once. Files go over as read-only descriptors of the file
/// itself when the provider offers it in place (a provider made with `init(contentsOf:)`
/// does), else of the provider's temporary copy; a `public.file-url` value goes over as
/// its file's descriptor, so no host path ever reaches the extension.
///
/// For a sandboxed extension, each file is given a name in the run's read-only hand-off
/// folder first, and the descriptor is opened through it, so that the extension cannot
/// reopen it for writing (``WireFiles/handOff(_:named:through:openingThrough:)``).
struct LoadServer: Sendable {
    let items: [ExtensionItem]
    /// The sandboxed extension's process, whose hand-off folder files go through.
    var process: ChildProcess?

    /// The reply to `request` and the descriptors it carries.
    func answer(_ request: LoadRequest) async -> (LoadReply, [OwnedFileDescriptor]) {
        guard items.indices.contains(request.itemIndex),
              let attachments = items[request.itemIndex].attachments,
              attachments.indices.contains(request.attachmentIndex) else {
            return (LoadReply(loadID: request.loadID, error: WireError(ItemProviderError(
                .itemUnavailableError, "there is no attachment \(request.attachmentIndex) in item \(request.itemIndex)"))), [])
        }
        do {
            return try await answer(request, from: attachments[request.attachmentIndex])
        } catch {
            return (LoadReply(loadID: request.loadID, error: WireError(error)), [])
        }
    }

    private func answer(_ request: LoadRequest, from provider: ItemProvider) async throws -> (LoadReply, [OwnedFileDescriptor]) {
        let type = request.typeIdentifier
        let isFile = provider.descriptor.fileTypeIdentifiers.contains { $0.lowercased() == type.lowercased() }
        switch request.representation {
        case .file:
            return try await fileReply(request, from: provider)
        case .item where isFile:
            return try await fileReply(request, from: provider)
        case .item:
            let value = try await provider.loadValue(forTypeIdentifier: type)
            if case .url(let url) = value, url.isFileURL {
                let fd = try await handingOff(WireFiles.openForSending(url), named: url.lastPathComponent)
                return (LoadReply(loadID: request.loadID, value: .file(descriptorIndex: 0, name: url.lastPathComponent)), [fd])
            }
            return (LoadReply(loadID: request.loadID, value: .value(value)), [])
        case .data:
            let data = try await provider.loadDataRepresentation(forTypeIdentifier: type)
            return (LoadReply(loadID: request.loadID, value: .value(.data(data))), [])
        case .previewImage:
            let image = try await provider.loadPreviewImage()
            guard let value = ItemProviderValue(any: image) else {
                throw ItemProviderError(.unexpectedValueClassError, "the preview image is a \(Swift.type(of: image)), which cannot travel")
            }
            return (LoadReply(loadID: request.loadID, value: .value(value)), [])
        }
    }

    /// The file itself (in place when the provider allows) as a read-only descriptor.
    private func fileReply(_ request: LoadRequest, from provider: ItemProvider) async throws -> (LoadReply, [OwnedFileDescriptor]) {
        let (fd, name, inPlace) = try await provider.loadInPlaceFileRepresentation(forTypeIdentifier: request.typeIdentifier) { url, inPlace in
            (try WireFiles.openForSending(url), provider.suggestedName ?? url.lastPathComponent, inPlace)
        }
        return (LoadReply(loadID: request.loadID, value: .file(descriptorIndex: 0, name: name), isInPlace: inPlace),
                [try await handingOff(fd, named: name)])
    }

    /// `descriptor` as the extension may reopen it: itself unsandboxed, else through the
    /// hand-off folder (a link, or a copy off Swift's shared threads).
    private func handingOff(_ descriptor: OwnedFileDescriptor, named name: String) async throws -> OwnedFileDescriptor {
        try await Self.handOff(descriptor, named: name, to: process)
    }

    /// `descriptor` as `process` may reopen it (a load's file, a photo editor's image): itself
    /// unsandboxed, else through the run's hand-off folder.
    static func handOff(_ descriptor: OwnedFileDescriptor, named name: String, to process: ChildProcess?) async throws -> OwnedFileDescriptor {
        guard let process, let folder = process.privateFolders?.handOff else { return descriptor }
        defer { descriptor.close() }
        return try await Offload.perform { () throws(ItemProviderError) in
            try WireFiles.handOff(descriptor, named: name, through: folder, openingThrough: process.handOffPath)
        }
    }
}
