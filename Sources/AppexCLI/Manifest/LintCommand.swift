import ArgumentParser
import ExtensionManifest

/// `appex lint`: App Store checks and Appex's own on Info.plists and bundles.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check extension Info.plists and bundles (exit 0 clean, 1 with errors, 2 if a file could not be read).",
        discussion: """
        Each path may be an Info.plist (XML or binary), a bare NSExtension dictionary, an .appex bundle, \
        or an .app bundle with its PlugIns/. Every finding has a stable code; docs/LINT.md lists them.
        """
    )

    @Argument(help: ArgumentHelp("Info.plist files, .appex or .app bundles.", valueName: "path"))
    var paths: [String]

    @Flag(help: "Lint for App Store distribution: TRUEPREDICATE is an error.")
    var distribution = false

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var options: ManifestOptions

    struct FileReport: Encodable {
        var path: String
        var readable: Bool
        var error: String?
        var diagnostics: [LintDiagnostic]
    }

    func run() throws {
        let loader = try options.loader()
        let linter = Linter(distribution: distribution)
        var reports: [FileReport] = []
        for path in paths {
            do {
                let loaded = try loader.load(path)
                reports.append(FileReport(path: path, readable: true, diagnostics: linter.lint(loaded)))
            } catch {
                reports.append(FileReport(path: path, readable: false, error: error.report, diagnostics: []))
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
