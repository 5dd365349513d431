import AppExtensions
import ExtensionIPC
import ExtensionWire
import Foundation
import Synchronization

/// Input attachments in the extension: providers that offer the host's types and fetch
/// each value from the host when loaded.
///
/// A file representation arrives as a read-only descriptor and is handed to the loader as
/// `file:///proc/self/fd/N`, registered `.openInPlace`: `loadInPlaceFileRepresentation`
/// and `loadItem` read the host's file itself, however large, and nothing is copied;
/// `loadFileRepresentation` gives its usual copy. Each file's descriptor stays open for
/// the life of the process, and a second load of the same type reuses it.
enum ProxyProvider {
    static func make(_ descriptor: ItemProvider.Descriptor, itemIndex: Int, attachmentIndex: Int,
                     connection: RuntimeConnection) -> ItemProvider {
        let provider = ItemProvider()
        let files = Set(descriptor.fileTypeIdentifiers.map { $0.lowercased() })
        let cache = FileCache()
        for type in descriptor.registeredTypeIdentifiers {
            let request: @Sendable (LoadRequest.Representation) -> LoadRequest = { representation in
                LoadRequest(loadID: connection.nextIdentifier(), itemIndex: itemIndex, attachmentIndex: attachmentIndex,
                            typeIdentifier: type, representation: representation)
            }
            if files.contains(type.lowercased()) {
                provider.registerFileRepresentation(forTypeIdentifier: type, fileOptions: .openInPlace) { completion in
                    if let url = cache.url(for: type) {
                        completion(url, false, nil)
                        return nil
                    }
                    connection.load(request(.file)) { reply, descriptors in
                        switch (reply.value, reply.error) {
                        case (.file(let index, _)?, _) where index < descriptors.count:
                            completion(cache.keep(descriptors[index], for: type), false, nil)
                        case (_, let error?):
                            completion(nil, false, error.loadError)
                        default:
                            completion(nil, false, ItemProviderError(.itemUnavailableError, "the host answered the file load of \(type) without a file"))
                        }
                    }
                    return nil
                }
            } else {
                provider.registerItem(forTypeIdentifier: type) { completion, _, _ in
                    connection.load(request(.item)) { reply, descriptors in
                        switch (reply.value, reply.error) {
                        case (.value(let value)?, _):
                            completion(value, nil)
                        case (.file(let index, _)?, _) where index < descriptors.count:
                            completion(.url(cache.keep(descriptors[index], for: type)), nil)
                        case (_, let error?):
                            completion(nil, error.loadError)
                        default:
                            completion(nil, ItemProviderError(.itemUnavailableError, "the host answered the load of \(type) without a value"))
                        }
                    }
                }
            }
        }
        provider.suggestedName = descriptor.suggestedName
        if descriptor.hasPreviewImage {
            provider.previewImageHandler = { completion, _, _ in
                let load = LoadRequest(loadID: connection.nextIdentifier(), itemIndex: itemIndex,
                                       attachmentIndex: attachmentIndex, typeIdentifier: "", representation: .previewImage)
                connection.load(load) { reply, _ in
                    if case .value(let value)? = reply.value { completion(value, nil) } else {
                        completion(nil, reply.error?.loadError ?? ItemProviderError(.itemUnavailableError, "no preview image"))
                    }
                }
            }
        }
        return provider
    }
}

/// The descriptors of files already received, by type.
final class FileCache: Sendable {
    private let files = Mutex<[String: OwnedFileDescriptor]>([:])

    /// The URL of a file already received for `type`.
    func url(for type: String) -> URL? {
        files.withLock { $0[type.lowercased()] }.map(WireFiles.url(of:))
    }

    /// Keeps `descriptor` open and returns its `/proc/self/fd` URL.
    func keep(_ descriptor: OwnedFileDescriptor, for type: String) -> URL {
        files.withLock { $0[type.lowercased()] = descriptor }
        return WireFiles.url(of: descriptor)
    }
}
