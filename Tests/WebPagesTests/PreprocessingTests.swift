import AppExtensions
import Foundation
import Testing
import WebPages

/// Safari's JavaScript preprocessing in real headless Chromium, against pages a loopback
/// Hummingbird server serves: results, finalize, and every way a script or page can fail.
@Suite("Preprocessing in Chromium", .serialized)
struct PreprocessingTests {
    /// The Reader example's Highlight.js, read from the example's bundle.
    static let highlight: PreprocessingScript = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/Reader/Bundle/PlugIns/Highlight.appex/Resources/Highlight.js")
        return PreprocessingScript(extensionIdentifier: "com.example.reader.Highlight", fileURL: url,
                                   source: (try? String(contentsOf: url, encoding: .utf8)) ?? "")
    }()

    static func script(_ source: String) -> PreprocessingScript {
        PreprocessingScript(extensionIdentifier: "com.example.test", fileURL: URL(fileURLWithPath: "/test/Test.js"), source: source)
    }

    /// Runs `body` with a browser and the page at `path` of the test server.
    static func withPage<T: Sendable>(_ path: String, _ body: @Sendable (WebPage) async throws -> T) async throws -> T {
        let chromium = try WebBrowser.locate(nil)
        return try await PageServer.with { base in
            try await WebBrowser.with(executable: chromium, startupLimit: .seconds(120)) { browser in
                let page = try await browser.open(base.appendingPathComponent(path))
                return try await body(page)
            }
        }
    }

    @Test("Results reach the extension as a property-list attachment, beside the URL")
    func resultsDelivered() async throws {
        try await Self.withPage("article") { page in
            #expect(page.title == "A Tale of Two Cities")
            let run = await page.preprocess(Self.highlight)
            #expect(run.outcome.status == .delivered, "\(run.outcome.problem ?? "")")
            let results = try #require(run.outcome.results)
            #expect(results["title"] == .string("A Tale of Two Cities"))
            #expect(results["selection"] == .string("It was the best of times, it was the worst of times."))
            #expect(results["URL"] == .string(page.url.absoluteString))
            #expect(results["images"] == .array([.string(page.url.deletingLastPathComponent().appendingPathComponent("images/one.png").absoluteString),
                                                 .string(page.url.deletingLastPathComponent().appendingPathComponent("images/two.png").absoluteString)]))

            let items = WebPageItems.items(url: page.url, title: page.title, results: results)
            let provider = try #require(items.first?.attachments?.first)
            #expect(provider.registeredTypeIdentifiers == ["com.apple.property-list", "public.url"])
            #expect(items.first?.attributedContentText?.string == "A Tale of Two Cities")
            let loaded = try await provider.loadValue(forTypeIdentifier: "com.apple.property-list")
            #expect(loaded == .dictionary([ExtensionItem.javaScriptPreprocessingResultsKey: .dictionary(results)]))
            #expect(try await provider.loadValue(forTypeIdentifier: "public.url") == .url(page.url))
        }
    }

    @Test("finalize changes the page, as the saved HTML shows")
    func finalizeApplied() async throws {
        try await Self.withPage("article") { page in
            let run = await page.preprocess(Self.highlight)
            #expect(run.outcome.status == .delivered)
            let returned = ExtensionItem()
            returned.attachments = [ItemProvider(item: .dictionary([FinalizeArgument.key: .dictionary(["note": .string("Kept 12 words"), "color": .string("#ffe066")])]),
                                                 typeIdentifier: "com.apple.property-list")]
            let argument = try #require(await FinalizeArgument.find(in: [returned]))
            let outcome = await page.finalize(argument, after: run)
            #expect(outcome.status == .finalized, "\(outcome.problem ?? "")")
            let html = try await page.html()
            #expect(html.hasPrefix("<!DOCTYPE html>"))
            #expect(html.contains(#"<div id="appex-reader-banner""#) && html.contains("Kept 12 words</div>"))
            #expect(html.contains(#"<mark class="appex-highlight" style="background: rgb(255, 224, 102);">It was the best of times, it was the worst of times.</mark>"#))
            let png = try await page.screenshot()
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        var name: String
        var source: String
        var status: PreprocessingOutcome.Status
        var problem: String
        var testDescription: String { name }
    }

    static let failures: [Failure] = [
        Failure(name: "the file throws while loading", source: "var x = 1;\nthrow new Error('not today');",
                status: .threw, problem: "com.example.test/Test.js threw while loading: Error: not today (line 2:1)"),
        Failure(name: "a syntax error", source: "var ExtensionPreprocessingJS = {\n  run(a) { a.completionFunction({ }) \n",
                status: .threw, problem: "SyntaxError"),
        Failure(name: "run throws", source: "var ExtensionPreprocessingJS = { run(a) { null.title; } };",
                status: .threw, problem: "run threw: TypeError: Cannot read properties of null (reading 'title')"),
        Failure(name: "no ExtensionPreprocessingJS", source: "var Something = {};",
                status: .noRunFunction, problem: "the file does not define ExtensionPreprocessingJS"),
        Failure(name: "no run function", source: "var ExtensionPreprocessingJS = { go() {} };",
                status: .noRunFunction, problem: "ExtensionPreprocessingJS has no run function"),
        Failure(name: "a function in the results", source: "var ExtensionPreprocessingJS = { run(a) { a.completionFunction({ title: 'x', go: function() {} }); } };",
                status: .refused, problem: "results.go is a function; a property list holds"),
        Failure(name: "a cycle", source: "var ExtensionPreprocessingJS = { run(a) { const r = { list: [] }; r.list.push(r); a.completionFunction(r); } };",
                status: .refused, problem: "results.list[0] refers back to results, which contains it (a cycle)"),
        Failure(name: "a DOM node", source: "var ExtensionPreprocessingJS = { run(a) { a.completionFunction({ body: document.body }); } };",
                status: .refused, problem: "results.body is a DOM node (HTMLBodyElement)"),
        Failure(name: "null in an array", source: "var ExtensionPreprocessingJS = { run(a) { a.completionFunction({ list: [1, null] }); } };",
                status: .refused, problem: "results.list[1] is null (a property list has no null)"),
        Failure(name: "not an object", source: "var ExtensionPreprocessingJS = { run(a) { a.completionFunction('just text'); } };",
                status: .refused, problem: "completionFunction was given a string, not an object of results"),
        Failure(name: "NaN", source: "var ExtensionPreprocessingJS = { run(a) { a.completionFunction({ n: 0 / 0 }); } };",
                status: .refused, problem: "results.n is NaN (a number must be finite)"),
    ]

    @Test("A script that throws or returns garbage gives no results, and says why", arguments: failures)
    func failing(_ failure: Failure) async throws {
        try await Self.withPage("article") { page in
            let run = await page.preprocess(Self.script(failure.source))
            #expect(run.outcome.status == failure.status)
            #expect(run.outcome.results == nil)
            let problem = try #require(run.outcome.problem)
            #expect(problem.contains(failure.problem), "\(problem)")
        }
    }

    @Test("A page that never calls completionFunction ends at the time limit")
    func neverCompletes() async throws {
        try await Self.withPage("article") { page in
            let started = ContinuousClock.now
            let run = await page.preprocess(Self.script("var ExtensionPreprocessingJS = { run(a) { } };"), limits: .init(time: .seconds(1)))
            #expect(run.outcome.status == .notCompleted)
            #expect(run.outcome.problem == "run did not call completionFunction within 1.0 seconds")
            #expect(ContinuousClock.now - started < .seconds(20))
        }
    }

    @Test("A page whose own JavaScript never yields is stopped, and the run ends")
    func unresponsivePage() async throws {
        try await Self.withPage("busy") { page in
            // The page starts its minute-long loop 2 s after its load event.
            try await Task.sleep(for: .milliseconds(2500))
            let run = await page.preprocess(Self.highlight, limits: .init(time: .seconds(1)))
            #expect(run.outcome.status == .unresponsive, "\(run.outcome.status): \(run.outcome.problem ?? "")")
            #expect(run.outcome.problem?.contains("did not return within 3.0 seconds") == true)
        }
    }

    @Test("A 10 MB result is delivered whole; over the limit it is refused")
    func largeResult() async throws {
        let source = """
            var ExtensionPreprocessingJS = { run(a) {
              const chunk = "0123456789abcdef".repeat(65536);
              a.completionFunction({ parts: Array.from({ length: 10 }, (_, i) => i + ":" + chunk) });
            } };
            """
        try await Self.withPage("article") { page in
            let run = await page.preprocess(Self.script(source))
            #expect(run.outcome.status == .delivered, "\(run.outcome.problem ?? "")")
            guard case .array(let parts)? = run.outcome.results?["parts"] else {
                Issue.record("no parts in \(String(describing: run.outcome.results?.keys))")
                return
            }
            #expect(parts.count == 10)
            #expect(parts.last == .string("9:" + String(repeating: "0123456789abcdef", count: 65536)))
            #expect(run.outcome.resultBytes > 10_000_000)

            let refused = await page.preprocess(Self.script(source), limits: .init(resultBytes: 1 << 20))
            #expect(refused.outcome.status == .refused)
            #expect(refused.outcome.problem == "the results are larger than the limit of 1048576 bytes")
        }
    }

    @Test("A page cannot replace ExtensionPreprocessingJS, JSON or Object.prototype in the script's world")
    func hostilePage() async throws {
        try await Self.withPage("hostile") { page in
            let run = await page.preprocess(Self.highlight)
            #expect(run.outcome.status == .delivered, "\(run.outcome.problem ?? "")")
            let results = try #require(run.outcome.results)
            #expect(results["hijacked"] == nil)
            #expect(results["title"] == .string("Hostile"))
            #expect(Set(results.keys) == ["title", "URL", "selection", "images"])
        }
    }
}
