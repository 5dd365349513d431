import AppExtensionsCompat
import Foundation
import Testing

/// Code in the shapes iOS extensions are commonly written in (an `NSItemProvider` extension
/// with force-casting loaders, a Safari action extension without a user interface), run on
/// what hosts share.
@Suite(.timeLimit(.minutes(1)))
struct CommonShapesTests {
    /// What one of the provider's loaders handed over.
    enum Reading: Equatable, Sendable {
        case webLink(address: String, host: String?)
        case file(name: String, folder: String)
        case plainText(String)
    }

    /// An attachment as a host shares it, and what the helpers make of it.
    struct ProviderCase: CustomTestStringConvertible, Sendable {
        let name: String
        /// The attachment, made in a temporary folder (for a shared file).
        let attachment: @Sendable (TemporaryFolder) throws -> NSItemProvider
        let offersWebLink: Bool
        let offersFile: Bool
        let offersPlainText: Bool
        /// What the loader for the kind of content hands over.
        let reading: @Sendable (TemporaryFolder) -> Reading
        var testDescription: String { name }
    }

    static let providerCases: [ProviderCase] = [
        ProviderCase(name: "a browser's page: a web link, with its host",
                     attachment: { _ in NSItemProvider(item: try #require(URL(string: "https://www.swift.org/blog/")) as NSURL, typeIdentifier: kUTTypeURL as String) },
                     offersWebLink: true, offersFile: false, offersPlainText: false,
                     reading: { _ in .webLink(address: "https://www.swift.org/blog/", host: "www.swift.org") }),
        ProviderCase(name: "a file manager's file (NSItemProvider(contentsOf:)): a file, not a web link",
                     attachment: { folder in
                         try #require(NSItemProvider(contentsOf: try folder.file("report.pdf", Data("%PDF-1.7\n".utf8))))
                     },
                     offersWebLink: false, offersFile: true, offersPlainText: false,
                     reading: { folder in .file(name: "report.pdf", folder: folder.url.standardizedFileURL.path) }),
        ProviderCase(name: "a note's selection: plain text, the space around it trimmed",
                     attachment: { _ in NSItemProvider(item: "\n  Ship it on Friday.  \n" as NSString, typeIdentifier: kUTTypePlainText as String) },
                     offersWebLink: false, offersFile: false, offersPlainText: true,
                     reading: { _ in .plainText("Ship it on Friday.") }),
        ProviderCase(name: "a message's text (public.utf8-plain-text conforms to public.plain-text)",
                     attachment: { _ in NSItemProvider(item: "See you at 8" as NSString, typeIdentifier: kUTTypeUTF8PlainText as String) },
                     offersWebLink: false, offersFile: false, offersPlainText: true,
                     reading: { _ in .plainText("See you at 8") }),
    ]

    @Test("NSItemProvider helpers: the offers… properties and the force-casting loaders", arguments: providerCases)
    func providerHelpers(_ shape: ProviderCase) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let provider = try shape.attachment(folder)
        #expect(provider.offersWebLink == shape.offersWebLink)
        #expect(provider.offersFile == shape.offersFile)
        #expect(provider.offersPlainText == shape.offersPlainText)

        let expected = shape.reading(folder)
        let read: Reading = await withCheckedContinuation { continuation in
            switch expected {
            case .webLink: provider.readWebLink { continuation.resume(returning: .webLink(address: $0, host: $1)) }
            case .file: provider.readFileName { continuation.resume(returning: .file(name: $0, folder: $1)) }
            case .plainText: provider.readPlainText { continuation.resume(returning: .plainText($0)) }
            }
        }
        #expect(read == expected)
    }

    /// How the action extension ended.
    enum Outcome: Equatable, Sendable {
        /// Completed with a finalize argument holding this banner and word count.
        case banner(String, words: Int)
        /// Cancelled with an error of ``ReadingTimeActionHandler/errorDomain`` and this code.
        case cancelled(code: Int)
    }

    /// Safari's input to the action extension and how it ends.
    struct ActionCase: CustomTestStringConvertible, Sendable {
        let name: String
        let input: @Sendable () throws -> [NSExtensionItem]
        let outcome: Outcome
        var testDescription: String { name }
    }

    /// An input item carrying the page's JavaScript results, as Safari sends them.
    static func page(_ results: [String: String]) -> NSExtensionItem {
        let item = NSExtensionItem()
        item.attachments = [NSItemProvider(item: [NSExtensionJavaScriptPreprocessingResultsKey: results] as NSDictionary,
                                           typeIdentifier: kUTTypePropertyList as String)]
        return item
    }

    /// An input item carrying only the page's address.
    static func address(_ text: String) throws -> NSExtensionItem {
        let item = NSExtensionItem()
        item.attachments = [NSItemProvider(item: try #require(URL(string: text)) as NSURL, typeIdentifier: kUTTypeURL as String)]
        return item
    }

    static let article = Array(repeating: "word", count: 460).joined(separator: " ")

    static let actionCases: [ActionCase] = [
        ActionCase(name: "an article of 460 words: two minutes",
                   input: { [page(["title": "Swift 6", "text": article, "URL": "https://www.swift.org/blog/"])] },
                   outcome: .banner("Swift 6: 2 min read", words: 460)),
        ActionCase(name: "two words without a title: a minute, for \"This page\"",
                   input: { [page(["text": "Hello\n\tthere"])] },
                   outcome: .banner("This page: 1 min read", words: 2)),
        ActionCase(name: "the results in the second input item: found",
                   input: { [try address("https://www.swift.org"), page(["title": "Swift", "text": "one two three"])] },
                   outcome: .banner("Swift: 1 min read", words: 3)),
        ActionCase(name: "results without text: cancelled, code 2",
                   input: { [page(["title": "Photos", "URL": "https://example.org/photos"])] },
                   outcome: .cancelled(code: 2)),
        ActionCase(name: "no property list at all (a shared URL): cancelled, code 1",
                   input: { [try address("https://www.swift.org")] },
                   outcome: .cancelled(code: 1)),
    ]

    @Test("a Safari action extension without a user interface: reading time", arguments: actionCases)
    func readingTime(_ action: ActionCase) async throws {
        let host = RecordingHost()
        let handler = ReadingTimeActionHandler()
        handler.beginRequest(with: host.context(try action.input()))

        switch await host.ending() {
        case .completed(let items):
            #expect(items.count == 1)
            let provider = try #require(items.first?.attachments?.first)
            #expect(provider.registeredTypeIdentifiers == [kUTTypePropertyList])
            let item = try await provider.loadItem(forTypeIdentifier: kUTTypePropertyList, options: nil)
            let envelope = try #require(item as? [String: Any])
            let argument = try #require(envelope[NSExtensionJavaScriptFinalizeArgumentKey] as? [String: Any])
            let banner = try #require(argument["banner"] as? String)
            let words = try #require(argument["words"] as? Int)
            #expect(Outcome.banner(banner, words: words) == action.outcome)
        case .cancelled(let error):
            #expect(error.domain == ReadingTimeActionHandler.errorDomain)
            #expect(Outcome.cancelled(code: error.code) == action.outcome)
            #expect(error.localizedDescription.isEmpty == false)
        }
    }
}
