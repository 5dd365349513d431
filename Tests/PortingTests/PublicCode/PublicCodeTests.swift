import AppExtensionsCompat
import Foundation
import Testing

/// Code from public share and action extensions, run on what a host shares.
@Suite(.timeLimit(.minutes(1)))
struct PublicCodeTests {
    /// A URL from a literal the tests know is valid.
    static func link(_ text: String) throws -> NSURL {
        try #require(NSURL(string: text))
    }

    @Test("wallabag: isURL, isText and getUrl on Safari's URL")
    func wallabagURL() async throws {
        let provider = NSItemProvider(item: try Self.link("https://www.wallabag.it/en/news"), typeIdentifier: kUTTypeURL as String)
        #expect(provider.isURL)
        #expect(!provider.isText)
        let url = await withCheckedContinuation { continuation in
            provider.getUrl { continuation.resume(returning: $0) }
        }
        #expect(url == "https://www.wallabag.it/en/news")
    }

    @Test("wallabag: getText on shared text")
    func wallabagText() async {
        let provider = NSItemProvider(item: "https://example.org/article" as NSString, typeIdentifier: kUTTypePlainText as String)
        #expect(provider.isText)
        #expect(!provider.isURL)
        let text = await withCheckedContinuation { continuation in
            provider.getText { continuation.resume(returning: $0) }
        }
        #expect(text == "https://example.org/article")
    }

    /// What Mastodon's action extension makes of Safari's JavaScript results.
    struct MastodonCase: CustomTestStringConvertible, Sendable {
        let name: String
        /// The page's `run()` results; `nil` for an input with no property list.
        let results: [String: String]?
        /// The finalize argument it returns.
        let finalize: [String: String]
        var testDescription: String { name }
    }

    static let mastodonCases: [MastodonCase] = [
        MastodonCase(name: "a profile page: the in-app search for its URL",
                     results: ["url": "https://mastodon.social/@Gargron"],
                     finalize: ["openURL": "mastodon://search?query=https://mastodon.social/@Gargron"]),
        MastodonCase(name: "results without a URL: the invalid-link alert",
                     results: ["title": "Mastodon"], finalize: ["alert": "Invalid link"]),
        MastodonCase(name: "no JavaScript results at all: the invalid-link alert",
                     results: nil, finalize: ["alert": "Invalid link"]),
    ]

    @Test("Mastodon's Open in action extension", arguments: mastodonCases)
    func mastodon(_ mastodonCase: MastodonCase) async throws {
        let input = NSExtensionItem()
        if let results = mastodonCase.results {
            input.attachments = [NSItemProvider(item: [NSExtensionJavaScriptPreprocessingResultsKey: results] as NSDictionary,
                                                typeIdentifier: kUTTypePropertyList as String)]
        } else {
            input.attachments = [NSItemProvider(item: try Self.link("https://mastodon.social"), typeIdentifier: kUTTypeURL as String)]
        }
        let host = RecordingHost()
        let handler = ActionRequestHandler()
        handler.beginRequest(with: host.context([input]))

        let returned = try #require(await host.ending().items)
        let provider = try #require(returned.first?.attachments?.first)
        #expect(returned.count == 1)
        #expect(provider.registeredTypeIdentifiers == [kUTTypePropertyList])
        let item = try await provider.loadItem(forTypeIdentifier: kUTTypePropertyList, options: nil)
        let dictionary = try #require(item as? [String: Any])
        #expect(dictionary[NSExtensionJavaScriptFinalizeArgumentKey] as? [String: String] == mastodonCase.finalize)
    }
}
