// Written here, for these tests; no other project's code. It has the shape of a Safari
// action extension without a user interface, as iOS projects write one: an `NSObject` that
// adopts `NSExtensionRequestHandling`, keeps the context it is given, looks through the
// input items for the `com.apple.property-list` attachment that carries the page's
// JavaScript preprocessing results (`NSExtensionJavaScriptPreprocessingResultsKey`), and
// answers with a finalize argument (`NSExtensionJavaScriptFinalizeArgumentKey`) in an
// `NSDictionary` registered as a property list; without results it cancels with an NSError.
// Written against Apple's names, so the only iOS difference is the imports (iOS: UIKit,
// MobileCoreServices).
//
// What it does: the page's run() passes its title and visible text; the extension counts
// the words and asks finalize() to show the reading time in a banner.
import AppExtensionsCompat
import Foundation

class ReadingTimeActionHandler: NSObject, NSExtensionRequestHandling {
    static let errorDomain = "com.example.reading-time"
    /// Words an adult reads in a minute, the usual estimate.
    static let wordsPerMinute = 230

    var extensionContext: NSExtensionContext?

    func beginRequest(with context: NSExtensionContext) {
        extensionContext = context

        var pageResults: NSItemProvider?
        for item in context.inputItems as! [NSExtensionItem] {
            for attachment in item.attachments ?? [] where attachment.hasItemConformingToTypeIdentifier(kUTTypePropertyList as String) {
                pageResults = attachment
                break
            }
            if pageResults != nil { break }
        }
        guard let provider = pageResults else {
            stop(code: 1, reason: "Safari sent no JavaScript results: is NSExtensionJavaScriptPreprocessingFile set?")
            return
        }

        provider.loadItem(forTypeIdentifier: kUTTypePropertyList as String, options: nil) { item, error in
            if let error = error {
                self.extensionContext?.cancelRequest(withError: error)
                return
            }
            let envelope = item as? NSDictionary
            guard let page = envelope?[NSExtensionJavaScriptPreprocessingResultsKey] as? [String: Any],
                  let text = page["text"] as? String else {
                self.stop(code: 2, reason: "the page's run() passed no text")
                return
            }
            self.answer(title: page["title"] as? String ?? "This page", text: text)
        }
    }

    /// Completes with the banner finalize() shows.
    func answer(title: String, text: String) {
        let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).count
        let minutes = max(1, (words + Self.wordsPerMinute - 1) / Self.wordsPerMinute)
        let argument: [String: Any] = [
            "banner": "\(title): \(minutes) min read",
            "words": words,
        ]
        let reply = NSExtensionItem()
        reply.attachments = [
            NSItemProvider(item: [NSExtensionJavaScriptFinalizeArgumentKey: argument] as NSDictionary,
                           typeIdentifier: kUTTypePropertyList as String),
        ]
        extensionContext?.completeRequest(returningItems: [reply], completionHandler: nil)
        extensionContext = nil
    }

    /// Cancels the request, telling Safari why.
    func stop(code: Int, reason: String) {
        let error = NSError(domain: Self.errorDomain, code: code, userInfo: [NSLocalizedDescriptionKey: reason])
        extensionContext?.cancelRequest(withError: error)
        extensionContext = nil
    }
}
