import AppExtensions
import ExtensionIPC
import ExtensionWire
import Foundation

/// The extension's returned items as the host sees them: providers holding the values
/// the extension sent, files readable through the descriptors it passed.
enum ReturnedItemDecoder {
    static func items(from complete: CompleteRequest, descriptors: [OwnedFileDescriptor]) -> [ExtensionItem] {
        complete.items.map { returned in
            let providers = returned.attachments.enumerated().map { index, representations in
                let provider = ItemProvider()
                for representation in representations {
                    register(representation, in: provider, descriptors: descriptors)
                }
                if returned.item.attachments.indices.contains(index) {
                    provider.suggestedName = returned.item.attachments[index].suggestedName
                }
                return provider
            }
            return returned.item.makeItem(attachments: providers)
        }
    }

    private static func register(_ representation: CompleteRequest.Representation, in provider: ItemProvider,
                                 descriptors: [OwnedFileDescriptor]) {
        let type = representation.typeIdentifier
        switch representation.value {
        case .value(let value)?:
            provider.registerItem(forTypeIdentifier: type) { completion, _, _ in completion(value, nil) }
        case .file(let index, _)? where descriptors.indices.contains(index):
            // The provider keeps the descriptor open for as long as it lives.
            let descriptor = descriptors[index]
            provider.registerFileRepresentation(forTypeIdentifier: type, fileOptions: .openInPlace) { completion in
                completion(WireFiles.url(of: descriptor), false, nil)
                return nil
            }
        default:
            let error = representation.error ?? WireError(ItemProviderError(.itemUnavailableError, "the extension returned \(type) without a value"))
            provider.registerItem(forTypeIdentifier: type) { completion, _, _ in completion(nil, error.loadError) }
        }
    }
}
