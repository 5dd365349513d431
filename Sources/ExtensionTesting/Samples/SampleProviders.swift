import AppExtensions
import ExtensionManifest
import Foundation

/// Real providers for preset attachments.
enum SampleProviders {
    /// A provider offering every type of `attachment`, in order, with sample content.
    ///
    /// - `public.url`: the attachment's URL (or the sample page).
    /// - `public.file-url`: the materialized file's URL.
    /// - `com.apple.property-list`: Safari's JavaScript results for the page.
    /// - the first other type of a file-backed attachment: a file representation of the
    ///   materialized file (so `loadItem` yields a file URL, as Photos and Files do);
    ///   any other type: its sample bytes as a data representation.
    static func provider(for attachment: ActivationPayload.Attachment,
                         in folder: URL) throws(ExtensionInputError) -> (ItemProvider, wroteFile: Bool) {
        let provider = ItemProvider()
        provider.suggestedName = attachment.suggestedName
        let types = attachment.registeredTypeIdentifiers
        let sharedURL = attachment.url.flatMap(URL.init(string:))
        var file: URL?
        if let sharedURL, sharedURL.isFileURL {
            let contentType = types.first { $0.lowercased() != "public.file-url" } ?? "public.data"
            let name = attachment.suggestedName ?? sharedURL.lastPathComponent
            file = try write(SampleContent.data(for: contentType), named: name, in: folder)
        }
        var fileRegistered = false
        for type in types {
            switch type.lowercased() {
            case "public.url":
                provider.registerItem(forTypeIdentifier: type) { completion, _, _ in
                    completion(.url(sharedURL ?? SampleContent.pageURL), nil)
                }
            case "public.file-url":
                let url = file
                provider.registerItem(forTypeIdentifier: type) { completion, _, _ in
                    completion(url.map(ItemProviderValue.url), url == nil ? ItemProviderError(
                        .itemUnavailableError, "The preset attachment has no file for public.file-url") : nil)
                }
            case "com.apple.property-list":
                let page = sharedURL ?? SampleContent.pageURL
                let results: ItemProviderValue = ["NSExtensionJavaScriptPreprocessingResultsKey": [
                    "URL": .string(page.absoluteString), "title": "Swift.org - Welcome to Swift.org", "selection": "",
                ]]
                provider.registerItem(forTypeIdentifier: type) { completion, _, _ in completion(results, nil) }
            default:
                if let file, !fileRegistered {
                    fileRegistered = true
                    provider.registerFileRepresentation(forTypeIdentifier: type) { completion in
                        completion(file, false, nil)
                        return nil
                    }
                } else {
                    let data = SampleContent.data(for: type)
                    provider.registerDataRepresentation(forTypeIdentifier: type) { completion in
                        completion(data, nil)
                        return nil
                    }
                }
            }
        }
        return (provider, file != nil)
    }

    private static func write(_ data: Data, named name: String, in folder: URL) throws(ExtensionInputError) -> URL {
        let safe = name.isEmpty || name.contains("/") ? "item" : name
        let file = folder.appendingPathComponent(safe)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: file)
        } catch {
            throw ExtensionInputError("cannot write the sample file \(file.path): \(error.localizedDescription)")
        }
        return file
    }
}
