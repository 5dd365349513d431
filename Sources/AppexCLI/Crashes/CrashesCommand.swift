import ArgumentParser
import ExtensionHost

/// `appex crashes`: the crash reports the host kept, and where each extension crashed.
struct CrashesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crashes",
        abstract: "List the kept crash reports, or show one (exit 0, 2 on error).",
        discussion: """
            When an extension dies of a signal, the host keeps the Swift backtracer's report of \
            its threads under CrashReports/<extension>/ in APPEX_HOME (the last 10 per \
            extension) and names it in the run's error. `appex crashes` lists them, newest \
            first; `appex crashes show <report>` prints the crashed thread's frames with file \
            and line.
            """,
        subcommands: [CrashesListCommand.self, CrashesShowCommand.self],
        defaultSubcommand: CrashesListCommand.self)
}

/// `appex crashes list`.
struct CrashesListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the kept crash reports, newest first.")

    @Option(name: .customLong("extension"), help: ArgumentHelp("Only this extension's reports.", valueName: "bundle-id"))
    var extensionIdentifier: String?

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var homeOptions: HomeOptions

    func run() throws {
        let store = CrashReportStore(directory: homeOptions.appexHome.crashReportsDirectory)
        let reports = store.reports(extensionIdentifier: extensionIdentifier)
        if json { return Console.current.print(JSONOutput.render(reports)) }
        guard !reports.isEmpty else {
            return Console.current.print("no crash reports" + (extensionIdentifier.map { " for \($0)" } ?? ""))
        }
        for report in reports { Console.current.print(CrashReportText.summary(report)) }
    }
}

/// `appex crashes show <report>`.
struct CrashesShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one crash report's crashed thread.")

    @Argument(help: ArgumentHelp("The report (as `appex crashes` lists it, or a unique prefix).", valueName: "report"))
    var report: String

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var homeOptions: HomeOptions

    func run() throws {
        let store = CrashReportStore(directory: homeOptions.appexHome.crashReportsDirectory)
        guard let found = store.report(named: report) else {
            throw CommandFailure("no crash report \(report) in \(store.directory.path) (see appex crashes)")
        }
        if json { return Console.current.print(JSONOutput.render(found)) }
        Console.current.print(CrashReportText.details(found))
    }
}
