import AppExtensions
import ArgumentParser
import ExtensionHost
import ExtensionRegistry
import Foundation
import Glibc
import SystemSupport
import TodayWidgets

/// `appex today`: the Today view on a terminal.
struct TodayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today",
        abstract: "Show the Today widgets: a full-screen dashboard, or one update of each (exit 0, 1 if a widget failed with --once, 2 on error).",
        discussion: """
            Every enabled Today widget (com.apple.widget-extension) shows in the user's order (appex order), first \
            from its last snapshot, then as each one updates; all update at the same time, each in its own sandboxed \
            process with a 48 MB memory cap and a deadline (--timeout). A widget that hangs, crashes or goes over \
            its cap shows its last snapshot, marked stale. A widget whose app said it has no content is hidden.

            Keys: ↑/↓ select a widget, Space shows more or less of it (when it offers more), 1–9 open its buttons, \
            r updates every widget, q quits.

            --once runs one update of every widget and prints them (--json: identifier, result — newData, noData, \
            failed, crashed, timed-out, over-memory or the error's code — view, and whether the view is stale). \
            docs/WIDGETS.md has the rest.
            """
    )

    @Flag(help: "Update every widget once, print them and exit.")
    var once = false

    @Flag(help: "With --once: print JSON.")
    var json = false

    @Flag(help: "With --once: update the widgets in the expanded mode (those that offer it).")
    var expanded = false

    @Option(help: ArgumentHelp("How long an update may take, in seconds.", valueName: "seconds"))
    var timeout: Double = 10

    @OptionGroup var homeOptions: HomeOptions
    @OptionGroup var sandboxing: SandboxOptions

    func validate() throws {
        if json, !once { throw ValidationError("--json goes with --once") }
        if expanded, !once { throw ValidationError("--expanded goes with --once (the dashboard's Space key expands a widget)") }
        if !(timeout > 0 && timeout <= 600) { throw ValidationError("--timeout must be between 0 and 600 seconds, not \(timeout)") }
    }

    func run() async throws {
        let home = homeOptions.appexHome
        let today = try makeView(home: home, cardWidth: once ? Self.printedWidth : TodayScreen.cardWidth(columns: TerminalMode.columns))
        let widgets = try await Offload.perform { () throws -> [InstalledExtension] in try today.widgets() }
        if once { return try await runOnce(today, widgets) }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandFailure("the dashboard needs a terminal; use --once (and --json) to print one update")
        }
        let opener = WidgetURLOpener(home: home, sandbox: try sandboxing.resolved())
        await TodayDashboard(today: today, widgets: widgets, opener: opener).run()
    }

    /// How wide `--once` draws a card: 40 columns inside, 320 points (Apple's width of an
    /// iPhone's Today view).
    static let printedWidth = 44

    /// The Today view over the home's registry, launching as `appex share` does; the widgets
    /// are told the room inside cards `cardWidth` wide.
    func makeView(home: AppexHome, cardWidth: Int) throws -> TodayView {
        let registry = try RegistryCatalog.open(home)
        let sandbox = try sandboxing.resolved()
        var options = LaunchOptions(sandboxed: sandbox != nil, sandboxKind: sandbox, crashReports: CrashReportStore(directory: home.crashReportsDirectory))
        options.transferService = .cli(home: home)
        let sizes = WidgetSizes(columns: cardWidth - 4, expandedRows: 12)
        return TodayView(catalog: registry, options: options, home: home, updateTimeout: .milliseconds(Int(timeout * 1000)), sizes: sizes)
    }

    private func runOnce(_ today: TodayView, _ widgets: [InstalledExtension]) async throws {
        let outcomes = await today.updateAll(widgets, displayMode: expanded ? .expanded : .compact)
        if json {
            Console.current.print(JSONOutput.render(TodayReport(widgets: outcomes.map(TodayReport.Widget.init))))
        } else if outcomes.isEmpty {
            Console.current.print("no Today widgets installed (or none enabled, or none with content)")
        } else {
            Self.printCards(outcomes, sizes: today.sizes, expanded: expanded, styled: isatty(STDOUT_FILENO) == 1)
        }
        if outcomes.contains(where: { ![.newData, .noData].contains($0.result) }) { throw ExitCode(1) }
    }

    /// Prints each outcome as a card ``printedWidth`` columns wide, with the failure's message below it.
    static func printCards(_ outcomes: [WidgetUpdateOutcome], sizes: WidgetSizes, expanded: Bool, styled: Bool, indent: String = "") {
        for outcome in outcomes {
            let mode: WidgetDisplayMode = expanded && outcome.state?.largestAvailableDisplayMode == .expanded ? .expanded : .compact
            let card = WidgetCard(title: outcome.displayName, status: outcome.status, state: outcome.state, mode: mode, styled: styled)
            Console.current.print(card.lines(width: printedWidth, sizes: sizes).map { indent + $0 }.joined(separator: "\n"))
            if let message = outcome.message { Console.current.print("\(indent)  \(outcome.result.name): \(message)") }
        }
    }
}
