import AppExtensions
import ArgumentParser
import ExtensionHost
import Foundation
import SystemSupport
import WebPages

extension ShareCommand {
    /// `appex share --page URL`: shares a web page as Safari does (docs/WEB-PAGES.md). The
    /// page is loaded in headless Chromium; the chosen extension's preprocessing file runs
    /// in it before the extension starts, and its `finalize` after it completes with a
    /// finalize argument.
    func runPage(_ address: String, host: ExtensionHost, script: ComposeScript?) async throws {
        if !texts.isEmpty || !urls.isEmpty || !files.isEmpty || title != nil {
            throw CommandFailure("--page shares the page alone: leave out --text, --url, --title and files")
        }
        if activity != nil { throw CommandFailure("--page and --activity do not go together: the host's actions take text, URLs and files") }
        if script != nil { throw CommandFailure("--page and --compose-script do not go together") }
        if ui == .web { throw CommandFailure("--page shows its sheet on the terminal (or with --to and --json); the web sheet does not load pages yet") }
        let url = try Self.pageURL(address)
        let chromium: String
        do {
            chromium = try WebBrowser.locate(browser)
        } catch {
            throw CommandFailure(error.message)
        }
        let completed: Bool
        do {
            completed = try await WebBrowser.with(executable: chromium) { browser in
                try await sharePage(try await browser.open(url), host: host)
            }
        } catch let error as WebPageError {
            throw CommandFailure(error.message)
        }
        if !completed { throw ExitCode(1) }
    }

    /// Resolves, runs the chosen extension on the page and reports; `false` when nothing is
    /// eligible, or the run or finalize did not complete (as for other shares, listing the
    /// sheet without a choice is success when something is eligible).
    private func sharePage(_ page: WebPage, host: ExtensionHost) async throws -> Bool {
        let plain = WebPageItems.items(url: page.url, title: page.title, results: nil)
        // What activation sees; the results themselves come once an extension is chosen.
        let payloads = [false, true].map { scripted in
            WebPageItems.activationPayload(url: page.url, title: page.title, preprocessed: scripted)
        }
        let resolution = try await host.resolve(point: point.identifier) { installed in
            payloads[installed.declaration?.javaScriptPreprocessingFile != nil ? 1 : 0]
        }.excluding(Set(excluded))
        var report = ShareReport(resolution)
        report.page = ShareReport.Page(url: page.url.absoluteString, title: page.title, loadNote: page.loadNote)
        if !json {
            Console.current.print("Page: \(page.title.isEmpty ? "(untitled)" : page.title) — \(page.url.absoluteString)")
            if let note = page.loadNote { Console.current.print("  (\(note))") }
            ShareCommand.printSheet(resolution)
        }
        var chosen = target
        if chosen == nil, !json, isatty(STDIN_FILENO) == 1, !resolution.eligible.isEmpty,
           case .extensionIdentifier(let identifier)? = await ShareCommand.ask(resolution, activities: []) {
            chosen = identifier
        }
        guard let chosen else {
            if json { Console.current.print(JSONOutput.render(report)) }
            return !resolution.eligible.isEmpty
        }
        let installed = try ShareCommand.eligibleExtension(chosen, in: resolution, point: point)
        if !json { Console.current.print(ShareCommand.runningLine(installed.identifier, host.options)) }

        var items = plain
        var preprocessed: PreprocessingRun?
        do {
            // The registry's record reads its bundle when first asked for: off the shared threads.
            let bundle = await Offload.perform { installed.bundle }
            if let script = try await PreprocessingScript.load(from: bundle) {
                let run = await page.preprocess(script)
                preprocessed = run
                report.page?.preprocessing = .init(run.outcome, file: script.fileURL.lastPathComponent)
                if let results = run.outcome.results { items = WebPageItems.items(url: page.url, title: page.title, results: results) }
            }
        } catch {
            report.page?.preprocessing = .init(PreprocessingOutcome(extensionIdentifier: installed.identifier, status: .failed, problem: error.message),
                                               file: installed.declaration?.javaScriptPreprocessingFile ?? "")
        }
        if !json, let preprocessing = report.page?.preprocessing { ShareCommand.printPreprocessing(preprocessing) }

        let outcome = await host.withSession(installed, items: items) { session in await session.report() }
        let run = await ShareReport.run(outcome)
        report.run = run
        if !json { ShareCommand.printRun(run) }

        var finalized = true
        if case .completed(let returned) = outcome.outcome, let argument = await FinalizeArgument.find(in: returned) {
            let finalize = if let preprocessed {
                await page.finalize(argument, after: preprocessed)
            } else {
                FinalizeOutcome(extensionIdentifier: installed.identifier, status: .failed,
                                problem: "the extension returned a finalize argument, but it has no preprocessing file to finalize with")
            }
            report.page?.finalize = .init(status: finalize.status.rawValue, problem: finalize.problem)
            finalized = finalize.status == .finalized
            if !json { Console.current.print(finalized ? "Finalize: the page's finalize ran." : "Finalize: \(finalize.status): \(finalize.problem ?? "")") }
        }
        try await savePage(page, report: &report)
        if json { Console.current.print(JSONOutput.render(report)) }
        return run.outcome == "completed" && finalized
    }

    /// `--output-html` and `--screenshot`: the page as it is after the run, written whole or not at all.
    private func savePage(_ page: WebPage, report: inout ShareReport) async throws {
        do {
            if let outputHTML {
                let html = try await page.html()
                try AtomicFile.write(html, to: (outputHTML as NSString).expandingTildeInPath, mode: 0o644)
                report.page?.savedHTML = outputHTML
                if !json { Console.current.print("Saved the page's HTML to \(outputHTML)") }
            }
            if let screenshot {
                let png = try await page.screenshot()
                try AtomicFile.write(png, to: (screenshot as NSString).expandingTildeInPath, mode: 0o644)
                report.page?.screenshot = screenshot
                if !json { Console.current.print("Saved a screenshot of the page to \(screenshot)") }
            }
        } catch let error as WebPageError {
            throw CommandFailure(error.message)
        } catch let error as SetupError {
            throw CommandFailure(error.message)
        }
    }

    /// The page's address: an http, https or file URL, or a path (a file).
    static func pageURL(_ address: String) throws(CommandFailure) -> URL {
        if let url = URL(string: address), let scheme = url.scheme?.lowercased(), ["http", "https", "file"].contains(scheme) {
            return url
        }
        if URL(string: address)?.scheme == nil || address.hasPrefix("/") || address.hasPrefix(".") {
            let path = (address as NSString).expandingTildeInPath
            guard FileManager.default.fileExists(atPath: path) else {
                throw CommandFailure("--page \(address): no such file, and not an http, https or file URL")
            }
            return URL(fileURLWithPath: path).standardizedFileURL
        }
        throw CommandFailure("--page \(address): only http, https and file pages are loaded")
    }

    static func printPreprocessing(_ preprocessing: ShareReport.Preprocessing) {
        if preprocessing.status == PreprocessingOutcome.Status.delivered.rawValue {
            Console.current.print("Preprocessing (\(preprocessing.file)): results delivered, \(preprocessing.resultBytes) bytes in \(preprocessing.milliseconds) ms.")
        } else {
            Console.current.print("Preprocessing (\(preprocessing.file)) gave no results (\(preprocessing.status)): \(preprocessing.problem ?? "")")
        }
    }
}
