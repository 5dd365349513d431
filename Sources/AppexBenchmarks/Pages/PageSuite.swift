import Foundation
import Hummingbird
import LoopbackHTTP
import NIOCore

/// The web-page benchmark: `appex share --page` on a local page, with the Reader example's
/// Highlight action (its preprocessing file, the sandboxed run, finalize), against Chromium
/// starting and loading the same page alone (`chromium --headless --dump-dom`) in the same
/// run, rounds interleaved. Needs the `appex` product (and so the examples) built next to
/// appex-bench, and chromium.
///
/// The share is timed to its end, which is later than the extension's `beginRequest` the
/// goal speaks of: the comparison is the conservative one.
struct PageSuite {
    /// Rounds of each side.
    let rounds: Int

    static let page = """
        <!doctype html>
        <html><head><title>A Tale of Two Cities</title></head>
        <body><h1>Book the First</h1>
        <p id="quote">It was the best of times, it was the worst of times.</p>
        <p>It was the age of wisdom, it was the age of foolishness.</p>
        <script>getSelection().selectAllChildren(document.getElementById("quote"));</script>
        </body></html>
        """

    func run() async throws -> PageResults {
        let products = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let appex = products.appendingPathComponent("appex")
        guard FileManager.default.isExecutableFile(atPath: appex.path) else {
            throw HostBenchError("""
                the pages suite runs the appex next to appex-bench, and \(appex.path) does not exist; build it first with the same \
                scratch path and configuration, for example
                  swift build --scratch-path .build-bench -c release --product appex
                """)
        }
        guard let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw HostBenchError("the pages suite runs Chromium, which is not installed (Debian package `chromium`)")
        }
        let source = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Examples/Reader/Bundle")
        guard FileManager.default.fileExists(atPath: source.appendingPathComponent("Info.plist").path) else {
            throw HostBenchError("the pages suite bundles Examples/Reader: run appex-bench from the package's folder")
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("appex-bench-pages-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let environment = ["APPEX_HOME": root.appendingPathComponent("home").path, "PATH": "/usr/bin:/bin", "TMPDIR": root.path, "LANG": "C.UTF-8"]
        let bundle = root.appendingPathComponent("Reader.app")
        try await ProgramRun.run(appex.path, ["bundle", source.path, "--products", products.path, "--output", bundle.path], environment: environment)
        try await ProgramRun.run(appex.path, ["install", bundle.path], environment: environment)

        return try await Self.serving(Self.page) { url in
            var samples = PageResults.Samples()
            let profile = root.appendingPathComponent("chromium-profile")
            for _ in 0..<rounds {
                samples.chromium.append(try await ProgramRun.timed {
                    try? FileManager.default.removeItem(at: profile)
                    var arguments = ["--headless=new", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)", "--dump-dom", url.absoluteString]
                    if geteuid() == 0 { arguments.insert("--no-sandbox", at: 0) }
                    try await ProgramRun.run(chromium, arguments, environment: environment, limit: .seconds(120))
                })
                var report = ""
                samples.share.append(try await ProgramRun.timed {
                    report = try await ProgramRun.run(appex.path, ["share", "--page", url.absoluteString, "--point", "action",
                                                                   "--to", "com.example.reader.Highlight", "--json"],
                                                      environment: environment, captured: [1], limit: .seconds(120))
                })
                let phases = try PageResults.phases(report)
                samples.preprocessing.append(phases.preprocessing)
                samples.extensionRun.append(phases.run)
            }
            return PageResults(rounds: rounds, samples: samples)
        }
    }

    /// Serves `html` at `/article` on loopback while `body` runs, with the page's address.
    static func serving<T: Sendable>(_ html: String, _ body: @Sendable (URL) async throws -> T) async throws -> T {
        let router = Router()
        router.get("/article") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: html)))
        }
        return try await LoopbackServer.with(router: router) { base in try await body(base.appendingPathComponent("article")) }
    }
}
