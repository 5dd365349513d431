import AppExtensions
import ExtensionManifest
import Foundation

/// The items a browser host hands an extension for a page, as Safari builds them (the
/// `safari-page` and `safari-page-js` presets of `appex match`): one item, the page's
/// title as its content text, and one attachment that offers the page's address
/// (`public.url`) and, for an extension whose preprocessing file delivered results, first
/// those results (`com.apple.property-list`, a dictionary whose
/// `NSExtensionJavaScriptPreprocessingResultsKey` entry holds them).
public enum WebPageItems {
    /// The type the results (and an action's finalize argument) travel as (`kUTTypePropertyList`).
    public static let propertyListType = "com.apple.property-list"

    /// The items for a page at `url` titled `title`, offering `results` when given.
    public static func items(url: URL, title: String, results: [String: ItemProviderValue]?) -> [ExtensionItem] {
        let provider = ItemProvider()
        if let results {
            let dictionary = ItemProviderValue.dictionary([ExtensionItem.javaScriptPreprocessingResultsKey: .dictionary(results)])
            provider.registerItem(forTypeIdentifier: propertyListType) { completion, _, _ in completion(dictionary, nil) }
        }
        provider.registerItem(forTypeIdentifier: "public.url") { completion, _, _ in completion(.url(url), nil) }
        let item = ExtensionItem()
        if !title.isEmpty { item.attributedContentText = NSAttributedString(string: title) }
        item.attachments = [provider]
        return [item]
    }

    /// What activation rules see of a page's items: the results offered (`preprocessed`),
    /// or the bare URL. With the results, a page loaded from a file counts as a web page too.
    public static func activationPayload(url: URL, title: String, preprocessed: Bool) -> ActivationPayload {
        let types = preprocessed ? [propertyListType, "public.url"] : ["public.url"]
        return ActivationPayload(items: [.init(contentText: title.isEmpty ? nil : title, attachments: [.init(types, url: url.absoluteString)])])
    }
}
