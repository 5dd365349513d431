import AppExtensions
import ExtensionIPC
import ExtensionWire
import Foundation

/// The extension's returned items, made ready to travel: every representation loaded now
/// (the process ends soon), files opened as descriptors.
enum ReturnedItems {
    static func encode(_ items: [ExtensionItem]) async throws -> (CompleteRequest, [OwnedFileDescriptor]) {
        var descriptors: [OwnedFileDescriptor] = []
        var encoded: [CompleteRequest.Item] = []
        for item in items {
            var attachments: [[CompleteRequest.Representation]] = []
            for provider in item.attachments ?? [] {
                let description = provider.descriptor
                let files = Set(description.fileTypeIdentifiers.map { $0.lowercased() })
                var representations: [CompleteRequest.Representation] = []
                for type in description.registeredTypeIdentifiers {
                    do {
                        let value: WireValue
                        if files.contains(type.lowercased()) {
                            let (fd, name) = try await provider.loadInPlaceFileRepresentation(forTypeIdentifier: type) { url, _ in
                                (try WireFiles.openForSending(url), provider.suggestedName ?? url.lastPathComponent)
                            }
                            value = try add(fd, name: name, to: &descriptors)
                        } else {
                            let loaded = try await provider.loadValue(forTypeIdentifier: type)
                            if case .url(let url) = loaded, url.isFileURL {
                                value = try add(try WireFiles.openForSending(url), name: url.lastPathComponent, to: &descriptors)
                            } else {
                                value = .value(loaded)
                            }
                        }
                        representations.append(.init(typeIdentifier: type, value: value))
                    } catch {
                        representations.append(.init(typeIdentifier: type, value: nil, error: WireError(error)))
                    }
                }
                attachments.append(representations)
            }
            encoded.append(.init(item: WireItem(item), attachments: attachments))
        }
        return (CompleteRequest(items: encoded), descriptors)
    }

    private static func add(_ fd: OwnedFileDescriptor, name: String,
                            to descriptors: inout [OwnedFileDescriptor]) throws(RuntimeError) -> WireValue {
        guard descriptors.count < WireProtocol.maxDescriptorsPerMessage else {
            fd.close()
            throw RuntimeError(.returnFailure, "more than \(WireProtocol.maxDescriptorsPerMessage) files returned; one completion carries at most that many")
        }
        descriptors.append(fd)
        return .file(descriptorIndex: descriptors.count - 1, name: name)
    }
}
