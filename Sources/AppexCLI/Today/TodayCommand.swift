import AppExtensions
import ArgumentParser
import ExtensionHost
import ExtensionRegistry
import Foundation
import Glibc
import ShareSheetWeb
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

            --web shows the same dashboard as a page in a browser (served on 127.0.0.1 under a secret address), \
            with Refresh, Show More/Less and the widgets' buttons.

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

    @Flag(help: "Show the dashboard in a browser window instead, served on 127.0.0.1 until its page has been closed for 10 s.")
    var web = false

    @Flag(name: .customLong("no-open"), help: "With --web: print the dashboard's address instead of opening a browser.")
    var noOpen = false

    @Option(help: ArgumentHelp("How long an update may take, in seconds.", valueName: "seconds"))
    var timeout: Double = 10

    @OptionGroup var homeOptions: HomeOptions
    @OptionGroup var sandboxing: SandboxOptions

    func validate() throws {
        if json, !once { throw ValidationError("--json goes with --once") }
        if expanded, !once { throw ValidationError("--expanded goes with --once (the dashboard's Space key expands a widget)") }
        if web, once { throw ValidationError("--web shows the dashboard in a browser; --once prints one update: choose one") }
        if noOpen, !web { throw ValidationError("--no-open goes with --web") }
        if !(timeout > 0 && timeout <= 600) { throw ValidationError("--timeout must be between 0 and 600 seconds, not \(timeout)") }
    }

    func run() async throws {
        let home = homeOptions.appexHome
        // A page gives a widget Apple's 320 points; a terminal, its card's columns.
        let sizes = web ? WidgetSizes() : TodayCommand.sizes(cardWidth: once ? Self.printedWidth : TodayScreen.cardWidth(columns: TerminalMode.columns))
        let today = try makeView(home: home, sizes: sizes)
        let widgets = try await Offload.perform { () throws -> [InstalledExtension] in try today.widgets() }
        if once { return try await runOnce(today, widgets) }
        let opener = WidgetURLOpener(home: home, sandbox: try sandboxing.resolved())
        if web { return try await runWeb(today, widgets, opener: opener) }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandFailure("the dashboard needs a terminal; use --web for a browser, or --once (and --json) to print one update")
        }
        await TodayDashboard(today: today, widgets: widgets, opener: opener).run()
    }

    /// How wide `--once` draws a card: 40 columns inside, 320 points (Apple's width of an
    /// iPhone's Today view).
    static let printedWidth = 44

    /// The room a widget has inside a terminal card `cardWidth` columns wide.
    static func sizes(cardWidth: Int) -> WidgetSizes {
        WidgetSizes(columns: cardWidth - 4, expandedRows: 12)
    }

    /// The Today view over the home's registry, launching as `appex share` does; the widgets
    /// are told they have `sizes`.
    func makeView(home: AppexHome, sizes: WidgetSizes) throws -> TodayView {
        let registry = try RegistryCatalog.open(home)
        let sandbox = try sandboxing.resolved()
        var options = try LaunchOptions.command(sandbox: sandbox, home: home)
        return TodayView(catalog: registry, options: options, home: home, updateTimeout: .milliseconds(Int(timeout * 1000)), sizes: sizes)
    }

    /// Serves the dashboard's page until it has been closed for a while.
    private func runWeb(_ today: TodayView, _ widgets: [InstalledExtension], opener: WidgetURLOpener) async throws {
        let page = WebTodayView(today: today, widgets: widgets) { url, widget in await opener.open(url, for: widget) }
        let ending = try await page.run { url in
            if !noOpen, let how = BrowserWindow.open(url) {
                Console.current.printError("The Today dashboard is open in \(how). It ends 10 s after its page closes.")
            } else {
                Console.current.print("Open the Today dashboard: \(url.absoluteString)")
                Console.current.flush()
            }
        }
        switch ending {
        case .closed, .cancelled: break
        case .notOpened: throw CommandFailure("no page opened the dashboard within 10 minutes")
        }
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
