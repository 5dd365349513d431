import AppExtensions
import ExtensionIPC
import ExtensionWire
import FileProviders
import Foundation
import Glibc
import SystemSupport

/// The request's file provider, on the main actor (where the extension's object lives):
/// each host call becomes one call of Apple's API, its completion handler awaited.
@MainActor
final class ProviderBox {
    let provider: NSFileProviderExtension

    init(_ provider: NSFileProviderExtension) {
        self.provider = provider
    }

    /// The answer to `call`, with the file a provide hands over. `descriptors` (an import's
    /// file) are closed once used.
    func answer(_ call: FileProviderCall, descriptors: [OwnedFileDescriptor]) async -> (FileProviderReply, [OwnedFileDescriptor]) {
        defer { descriptors.forEach { $0.close() } }
        do {
            switch call.operation {
            case .item:
                let item = try provider.item(for: try identifier(call.identifier, call))
                return (reply(call, items: [WireProviderItem(item)]), [])
            case .enumerate:
                return (try await enumerate(call), [])
            case .provide:
                let file = try await provide(try identifier(call.identifier, call), writable: call.writable ?? false)
                return (reply(call), [file])
            case .changed, .stop:
                let url = try fileURL(of: try identifier(call.identifier, call))
                if call.operation == .changed { provider.itemChanged(at: url) } else { provider.stopProvidingItem(at: url) }
                return (reply(call), [])
            case .importDocument:
                guard descriptors.count == 1 else {
                    throw RuntimeError(.protocolFailure, "an import carried \(descriptors.count) descriptor(s); it carries the new file")
                }
                let item = try await importDocument(descriptors[0], named: try name(call), into: try identifier(call.parent, call))
                return (reply(call, items: [item]), [])
            case .createDirectory:
                let parent = try identifier(call.parent, call), name = try name(call)
                let item = try await itemAnswer { done in
                    provider.createDirectory(withName: name, inParentItemIdentifier: parent, completionHandler: done)
                }
                return (reply(call, items: [item]), [])
            case .rename:
                let target = try identifier(call.identifier, call), name = try name(call)
                let item = try await itemAnswer { done in provider.renameItem(withIdentifier: target, toName: name, completionHandler: done) }
                return (reply(call, items: [item]), [])
            case .reparent:
                let target = try identifier(call.identifier, call), parent = try identifier(call.parent, call)
                let item = try await itemAnswer { done in
                    provider.reparentItem(withIdentifier: target, toParentItemWithIdentifier: parent, newName: call.name, completionHandler: done)
                }
                return (reply(call, items: [item]), [])
            case .delete:
                let target = try identifier(call.identifier, call)
                try await errorAnswer { done in provider.deleteItem(withIdentifier: target, completionHandler: done) }
                return (reply(call), [])
            }
        } catch {
            return (FileProviderReply(callID: call.callID, error: WireError(error)), [])
        }
    }

    private func reply(_ call: FileProviderCall, items: [WireProviderItem]? = nil) -> FileProviderReply {
        FileProviderReply(callID: call.callID, items: items)
    }

    private func identifier(_ text: String?, _ call: FileProviderCall) throws -> NSFileProviderItemIdentifier {
        guard let text else { throw RuntimeError(.protocolFailure, "a \(call.operation.rawValue) call without the item it is about") }
        return NSFileProviderItemIdentifier(text)
    }

    private func name(_ call: FileProviderCall) throws -> String {
        guard let name = call.name, !name.isEmpty, !name.contains("/") else {
            throw RuntimeError(.protocolFailure, "a \(call.operation.rawValue) call without a plain name")
        }
        return name
    }

    /// Where the item's file is, as the provider says.
    private func fileURL(of identifier: NSFileProviderItemIdentifier) throws -> URL {
        guard let url = provider.urlForItem(withPersistentIdentifier: identifier) else {
            throw NSFileProviderError(.noSuchItem, userInfo: [NSLocalizedDescriptionKey: "the provider has no file for \(identifier.rawValue)"])
        }
        return url
    }

    /// One page of a folder's listing.
    private func enumerate(_ call: FileProviderCall) async throws -> FileProviderReply {
        let enumerator = try provider.enumerator(for: try identifier(call.identifier, call))
        defer { enumerator.invalidate() }
        let observer = PageObserver()
        let page = call.page.map(NSFileProviderPage.init(rawValue:)) ?? .initialPageSortedByName
        let (items, next) = try await withCheckedContinuation { continuation in
            observer.waiting(continuation)
            enumerator.enumerateItems(for: observer, startingAt: page)
        }.get()
        return FileProviderReply(callID: call.callID, items: items, nextPage: next?.rawValue)
    }

    /// The item's file once the provider has it, opened as the host asked.
    private func provide(_ identifier: NSFileProviderItemIdentifier, writable: Bool) async throws -> OwnedFileDescriptor {
        let url = try fileURL(of: identifier)
        try await errorAnswer { done in provider.startProvidingItem(at: url, completionHandler: done) }
        let fd = Glibc.open(url.path, (writable ? O_RDWR : O_RDONLY) | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else {
            throw NSFileProviderError(.noSuchItem, userInfo: [NSLocalizedDescriptionKey: "the provider provided \(identifier.rawValue), but \(url.path) cannot be opened: \(SystemErrorText.text(errno))"])
        }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            Glibc.close(fd)
            throw NSFileProviderError(.noSuchItem, userInfo: [NSLocalizedDescriptionKey: "\(url.path), the file of \(identifier.rawValue), is not a regular file"])
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return OwnedFileDescriptor(taking: fd)
    }

    /// Apple hands `importDocument` a file named as the new item: the host's descriptor is
    /// copied under that name into a folder of the extension's own, removed afterwards.
    private func importDocument(_ file: OwnedFileDescriptor, named name: String,
                                into parent: NSFileProviderItemIdentifier) async throws -> WireProviderItem {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appex-import-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) } // a leftover in the extension's own tmp harms nothing
        let staged = folder.appendingPathComponent(name)
        guard let input = file.rawValue else { throw RuntimeError(.protocolFailure, "an import's file was already closed") }
        _ = try await Offload.perform { () throws(DurableFile.Failure) -> Int in
            try DurableFile.copy(descriptor: input, named: name, over: staged.path, mode: 0o644)
        }
        return try await itemAnswer { done in provider.importDocument(at: staged, toParentItemIdentifier: parent, completionHandler: done) }
    }

    /// Waits for a completion handler that gives an item or an error; the first call counts.
    private func itemAnswer(_ call: (@escaping (NSFileProviderItem?, Error?) -> Void) -> Void) async throws -> WireProviderItem {
        let once = FirstCall()
        let result: Result<WireProviderItem, any Error> = await withCheckedContinuation { continuation in
            call { item, error in
                guard once.claim() else { return }
                if let item, error == nil {
                    continuation.resume(returning: .success(WireProviderItem(item)))
                } else {
                    continuation.resume(returning: .failure(error ?? NSFileProviderError(.noSuchItem, userInfo: [
                        NSLocalizedDescriptionKey: "the provider gave neither an item nor an error"])))
                }
            }
        }
        return try result.get()
    }

    /// Waits for a completion handler that gives an error or none; the first call counts.
    private func errorAnswer(_ call: (@escaping (Error?) -> Void) -> Void) async throws {
        let once = FirstCall()
        let error: (any Error)? = await withCheckedContinuation { continuation in
            call { error in
                guard once.claim() else { return }
                continuation.resume(returning: error.map { WireError($0) })
            }
        }
        if let error { throw error }
    }
}
