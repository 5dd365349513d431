// Highlight in Reader: an action extension for web pages (seed documents 000 and 002).
// Its JavaScript (Resources/Highlight.js) reads the page's title, selection and images
// before it starts; it keeps the page in the Reader app group and returns a finalize
// argument, with which the page's finalize() marks the selection and adds a banner.
// Written with Apple's names, as the iOS original would be.
import AppExtensionsCompat
import AppGroups
import ExtensionRuntime
import Foundation

final class ActionRequestHandler: NSExtensionRequestHandling, Sendable {
    static let group = "group.com.example.reader"

    func beginRequest(with context: NSExtensionContext) {
        Task {
            do {
                let results = try await Self.preprocessingResults(context)
                let title = results["title"]?.stringValue ?? ""
                let selection = results["selection"]?.stringValue ?? ""
                let images = results["images"].flatMap { if case .array(let list) = $0 { list } else { nil } } ?? []
                try Self.keep(title: title, url: results["URL"]?.stringValue ?? "", selection: selection, images: images.count)
                let words = selection.split(whereSeparator: \.isWhitespace).count
                let note = selection.isEmpty
                    ? "Reader kept “\(title)” (\(images.count) image\(images.count == 1 ? "" : "s"))"
                    : "Reader kept \(words) word\(words == 1 ? "" : "s") from “\(title)”"
                let argument: [String: Any] = [NSExtensionJavaScriptFinalizeArgumentKey: ["color": "#ffe066", "note": note]]
                let item = NSExtensionItem()
                item.attachments = [NSItemProvider(anyItem: argument, typeIdentifier: kUTTypePropertyList)]
                context.completeRequest(returningItems: [item])
            } catch {
                context.cancelRequest(withError: error as NSError)
            }
        }
    }

    /// What Highlight.js's run() passed to completionFunction.
    static func preprocessingResults(_ context: NSExtensionContext) async throws -> [String: ItemProviderValue] {
        for item in context.inputItems {
            for provider in item.attachments ?? [] where provider.hasItemConformingToTypeIdentifier(kUTTypePropertyList) {
                if case .dictionary(let dictionary) = try await provider.loadValue(forTypeIdentifier: kUTTypePropertyList),
                   case .dictionary(let results)? = dictionary[NSExtensionJavaScriptPreprocessingResultsKey] {
                    return results
                }
            }
        }
        throw NSError(domain: "com.example.reader", code: 1,
                      userInfo: [NSLocalizedDescriptionKey: "the page's JavaScript gave no results (no property list among the attachments)"])
    }

    /// Adds the page to the pages Reader lists, newest last.
    static func keep(title: String, url: String, selection: String, images: Int) throws {
        guard let defaults = SharedDefaults(suiteName: group) else {
            throw NSError(domain: "com.example.reader", code: 2, userInfo: [NSLocalizedDescriptionKey: "not a member of \(group)"])
        }
        var pages = defaults.array(forKey: "pages") ?? []
        pages.append(["title": title, "url": url, "selection": selection, "images": images])
        try defaults.set(pages, forKey: "pages")
    }
}

extension ItemProviderValue {
    /// The text, when this is a string.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

ExtensionMain.run { ActionRequestHandler() }
