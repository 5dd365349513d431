import AppExtensions
import FileTypeSniffing
import Foundation

/// One attachment for a test request, the way a host would offer it.
public enum InputFixture: Sendable {
    /// A file, as the Files app shares it: `ItemProvider(contentsOf:)` (its type, then
    /// `public.file-url`).
    case file(URL)
    /// Text, as Notes shares it: `public.plain-text`.
    case text(String)
    /// A URL, as a browser shares it: `public.url`.
    case url(URL)
    /// Bytes under a type identifier, as a data representation (Safari sharing an image).
    case data(Data, typeIdentifier: String)
    /// A value under a type identifier (`init(item:typeIdentifier:)`).
    case value(ItemProviderValue, typeIdentifier: String)
    /// A ready-made provider.
    case provider(ItemProvider)

    /// Safari's JavaScript preprocessing results for a page (`com.apple.property-list`),
    /// in the dictionary shape extensions read (`NSExtensionJavaScriptPreprocessingResultsKey`).
    public static func javaScriptResults(_ results: [String: ItemProviderValue]) -> InputFixture {
        .value(["NSExtensionJavaScriptPreprocessingResultsKey": .dictionary(results)],
               typeIdentifier: "com.apple.property-list")
    }

    /// The provider for this fixture.
    /// - Throws: ``ExtensionInputError`` when a file cannot be examined.
    public func makeProvider() throws(ExtensionInputError) -> ItemProvider {
        switch self {
        case .file(let url):
            guard let provider = ItemProvider(contentsOf: url, detector: .sniffing) else {
                throw ExtensionInputError("cannot share \(url.path): the file does not exist or cannot be examined")
            }
            return provider
        case .text(let text):
            return ItemProvider(item: .string(text), typeIdentifier: "public.plain-text")
        case .url(let url):
            return ItemProvider(item: .url(url), typeIdentifier: url.isFileURL ? "public.file-url" : "public.url")
        case .data(let data, let type):
            let provider = ItemProvider()
            provider.registerDataRepresentation(forTypeIdentifier: type) { completion in
                completion(data, nil)
                return nil
            }
            return provider
        case .value(let value, let type):
            return ItemProvider(item: value, typeIdentifier: type)
        case .provider(let provider):
            return provider
        }
    }
}

/// An input that cannot be built: a missing file, an unknown preset.
public struct ExtensionInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong, naming the file or preset.
    public var message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
