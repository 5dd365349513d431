import ArgumentParser
import ExtensionManifest
import WebPages

/// `appex lint`: App Store checks and Appex's own on Info.plists and bundles.
struct LintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check extension Info.plists and bundles (exit 0 clean, 1 with errors, 2 if a file could not be read).",
        discussion: """
        Each path may be an Info.plist (XML or binary), a bare NSExtension dictionary, an .appex bundle, \
        or an .app bundle with its PlugIns/. Every finding has a stable code; docs/LINT.md lists them. \
        A bundle's JavaScript preprocessing file is checked in headless Chromium: that it parses and \
        defines ExtensionPreprocessingJS with run.
        """
    )

    @Argument(help: ArgumentHelp("Info.plist files, .appex or .app bundles.", valueName: "path"))
    var paths: [String]

    @Flag(help: "Lint for App Store distribution: TRUEPREDICATE is an error.")
    var distribution = false

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var options: ManifestOptions

    @Option(help: ArgumentHelp("The Chromium that checks JavaScript preprocessing files (a path, or a name on PATH; default: chromium).",
                               valueName: "path"))
    var browser: String?

    @Flag(name: .customLong("no-browser"), help: "Do not start Chromium: leave JavaScript preprocessing files unchecked.")
    var noBrowser = false

    struct FileReport: Encodable {
        var path: String
        var readable: Bool
        var error: String?
        var diagnostics: [LintDiagnostic]
    }

    func run() async throws {
        let loader = try options.loader()
        let linter = Linter(distribution: distribution)
        var reports: [FileReport] = []
        var scripts: [(report: Int, script: PreprocessingScript)] = []
        for path in paths {
            do {
                let loaded = try loader.load(path)
                reports.append(FileReport(path: path, readable: true, diagnostics: linter.lint(loaded)))
                // A missing file is already javascript.missing-file; with --no-browser, none is read.
                for bundle in loaded.extensions where !noBrowser {
                    if let script = try? await PreprocessingScript.load(from: bundle) { scripts.append((reports.count - 1, script)) }
                }
            } catch {
                reports.append(FileReport(path: path, readable: false, error: error.report, diagnostics: []))
            }
        }
        if !scripts.isEmpty {
            for (index, diagnostic) in await Self.checkScripts(scripts, browser: browser) {
                reports[index].diagnostics.append(diagnostic)
            }
        }
        let all = reports.flatMap(\.diagnostics)
        let errors = all.filter { $0.severity == .error }.count
        let warnings = all.filter { $0.severity == .warning }.count
        if json {
            Console.current.print(JSONOutput.render(reports))
        } else {
            for report in reports {
                if let error = report.error { Console.current.printError(error) }
                for d in report.diagnostics { Console.current.print(d.description) }
            }
            let unreadable = reports.filter { !$0.readable }.count
            var summary = "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
            if unreadable > 0 { summary += ", \(unreadable) unreadable" }
            Console.current.print(summary + " in \(paths.count) path\(paths.count == 1 ? "" : "s")")
        }
        if reports.contains(where: { !$0.readable }) { throw ExitCode(2) }
        if errors > 0 { throw ExitCode(1) }
    }
}

extension LintCommand {
    /// The findings of checking each file in one headless Chromium (docs/LINT.md), by
    /// report; without a Chromium, a note per file.
    static func checkScripts(_ scripts: [(report: Int, script: PreprocessingScript)], browser: String?) async -> [(Int, LintDiagnostic)] {
        let unchecked = { (reason: String) in
            scripts.map { ($0.report, LintDiagnostic(.javascriptUnchecked, nil, "\($0.script.fileURL.lastPathComponent) was not checked: \(reason)",
                                                     file: $0.script.fileURL.path)) }
        }
        let chromium: String
        do {
            chromium = try WebBrowser.locate(browser)
        } catch {
            return unchecked(error.message)
        }
        do {
            return try await WebBrowser.with(executable: chromium) { browser in
                var findings: [(Int, LintDiagnostic)] = []
                for (report, script) in scripts {
                    guard let problem = try await script.check(in: browser) else { continue }
                    let name = script.fileURL.lastPathComponent
                    let (code, message): (LintCode, String) = switch problem.kind {
                    case .syntax: (.javascriptSyntax, "\(name) does not parse: \(problem.message)")
                    case .threw: (.javascriptThrew, "\(name) threw when it ran in a blank page: \(problem.message)")
                    default: (.javascriptNoRun, "\(name): \(problem.message); Safari calls ExtensionPreprocessingJS.run(arguments)")
                    }
                    findings.append((report, LintDiagnostic(code, nil, message, file: script.fileURL.path, line: problem.line, column: problem.column)))
                }
                return findings
            }
        } catch let error as WebPageError {
            return unchecked(error.message)
        } catch {
            return unchecked("\(error)")
        }
    }
}
