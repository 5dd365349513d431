import AppexSystem
import AppExtensions
import ArgumentParser
import ExtensionHost
import ExtensionManifest
import ExtensionRegistry
import Foundation

/// `appex share`: hands content to the system, shows the share sheet's choices, and runs
/// the chosen extension in its sandbox.
struct ShareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Share text, URLs or files: list the eligible extensions and run one.",
        discussion: """
            Builds one extension item (files through ItemProvider(contentsOf:), so a file's \
            type comes from the type system), resolves the installed extensions of the point \
            against it, and prints the eligible ones in the user's order and, for every other \
            one, why it was left out. With --to (or a choice typed on a terminal) it runs that \
            extension in its own sandboxed process and prints what it returned, or the error. \
            With --activity it runs one of the host's own actions instead: copy (the text, URLs \
            and file paths, to the clipboard through the terminal and wl-copy, xclip or xsel) or \
            save (every attachment into --folder, default your download folder, never replacing \
            a file). With --page it shares a web page as Safari does: the page is loaded in \
            headless Chromium, the chosen extension's JavaScript preprocessing file runs in it \
            before the extension starts, and its finalize after (docs/WEB-PAGES.md).

            Exit status: 0 when the run or action completed (or, without one, when something is \
            eligible); 1 when nothing is eligible or the extension, its page's finalize or the \
            action cancelled or failed; 2 on bad input (a page that cannot be loaded included).
            """)

    @Option(name: .customLong("text"), help: "Text to share (repeatable).")
    var texts: [String] = []

    @Option(name: .customLong("url"), help: "A URL to share (repeatable).")
    var urls: [String] = []

    @Argument(help: "Files to share (paths, file:// URIs, or http(s) links).")
    var files: [String] = []

    @Option(help: "The item's title (attributedTitle).")
    var title: String?

    @Option(name: .customLong("to"), help: "Run this extension (its bundle identifier).")
    var target: String?

    @Option(help: ArgumentHelp("Run one of the host's own actions instead of an extension: copy, or save (to --folder).",
                               valueName: "action"))
    var activity: ActivityOption?

    @Option(help: ArgumentHelp("With --activity save: the folder to save into (default: your download folder).", valueName: "path"))
    var folder: String?

    @Option(help: "The extension point: share or action.")
    var point: PointOption = .share

    @Option(help: "APPEX_HOME (default: $APPEX_HOME, else $XDG_DATA_HOME/appex).")
    var home: String?

    @OptionGroup var sandboxing: SandboxOptions

    @Flag(help: "Print JSON.")
    var json = false

    @Option(name: .customLong("exclude"), help: ArgumentHelp(
        "Leave this extension out of the sheet (repeatable), as excludedActivityTypes does.", valueName: "id"))
    var excluded: [String] = []

    @Option(help: "How to show the sheet: terminal, or web (a browser window; the default without a terminal in a graphical session).")
    var ui: ShareUI?

    @Flag(name: .customLong("no-open"), help: "With --ui web: print the sheet's address instead of opening a browser.")
    var noOpen = false

    @Option(name: .customLong("compose-script"), help: ArgumentHelp(
        "Drive the extension's compose sheet with the actions in this JSON file (needs --to).", valueName: "file"))
    var composeScript: String?

    @Option(name: .customLong("view-script"), help: ArgumentHelp(
        "Drive the extension's own view controller with the steps in this JSON file (needs --to).", valueName: "file"))
    var viewScript: String?

    @Option(help: ArgumentHelp("Share a web page as Safari does: load it in headless Chromium and run the chosen extension's JavaScript preprocessing in it (http, https, file, or a path).",
                               valueName: "url"))
    var page: String?

    @Option(help: ArgumentHelp("With --page: the Chromium to run (a path, or a name on PATH; default: chromium).", valueName: "path"))
    var browser: String?

    @Option(name: .customLong("output-html"), help: ArgumentHelp("With --page: save the page's HTML here after the run (and finalize).", valueName: "file"))
    var outputHTML: String?

    @Option(help: ArgumentHelp("With --page: save a PNG of the page here after the run (and finalize).", valueName: "file"))
    var screenshot: String?

    func run() async throws {
        let script = try composeScript.map { path throws(CommandFailure) in try ComposeScript.load(path) }
        if page == nil, browser != nil || outputHTML != nil || screenshot != nil {
            throw CommandFailure("--browser, --output-html and --screenshot go with --page")
        }
        let steps = try viewScript.map { path throws(CommandFailure) in try ViewScript.load(path) }
        if script != nil, target == nil { throw CommandFailure("--compose-script needs --to: the extension whose sheet it drives") }
        if steps != nil, target == nil { throw CommandFailure("--view-script needs --to: the extension whose view controller it drives") }
        if steps != nil, script != nil { throw CommandFailure("--compose-script and --view-script are alternatives: an extension shows one or the other") }
        if activity != nil, target != nil { throw CommandFailure("--activity and --to are alternatives: give one") }
        if folder != nil, activity != .save { throw CommandFailure("--folder goes with --activity save") }
        let appexHome = home.map { AppexHome(root: URL(fileURLWithPath: $0)) } ?? .fromEnvironment()
        let registry = try RegistryCatalog.open(appexHome)
        let sandbox = try sandboxing.resolved()
        var options = try LaunchOptions.command(sandbox: sandbox, home: appexHome)
        // One reading of the registry serves the share: its runnable extensions are the
        // host's catalog, and what it leaves out is named on stderr, never in silence.
        let catalog = try await Offload.perform { () throws(RegistryError) -> ShareCatalog in try registry.shareCatalog() }
        defer { KeptUntilExit.keep(registry, catalog) }
        for line in SealWarning.skipped(catalog.unavailable, point: point.identifier) { Console.current.printError(line) }
        let host = ExtensionHost(catalog: FixedCatalog(catalog.launchable), options: options)
        if let page { return try await runPage(page, host: host, script: script) }
        let items = try ShareItems.build(texts: texts, urls: urls, files: files, title: title)
        let resolution = try await host.resolve(items, point: point.identifier).excluding(Set(excluded))
        var report = ShareReport(resolution)
        defer { KeptUntilExit.keep(resolution, report) }
        let activities = await ShareActivities.standard().filter { $0.canPerform(items) }
        if let activity {
            guard let chosen = activities.first(where: { $0.activityType == activity.activityType }) else {
                throw CommandFailure("--activity \(activity.rawValue) does not apply to this share (nothing it can take)")
            }
            if !json { ShareCommand.printSheet(resolution) }
            try await runActivity(chosen, items: items, report: &report, askFolder: false)
            return
        }
        if target == nil, script == nil, steps == nil, !json, (ui ?? ShareCommand.defaultUI()) == .web {
            let ending = try await ShareCommand.runWeb(host: host, resolution: resolution, items: items, activities: activities,
                                                       registry: registry, open: !noOpen)
            switch ending {
            case .ran(let outcome):
                let run = await ShareReport.run(outcome)
                ShareCommand.printRun(run)
                if run.outcome != "completed" { throw ExitCode(1) }
            case .performed(let completion, let message):
                let title = activities.first { $0.activityType == completion.activityType }?.title ?? completion.activityType ?? ""
                ShareCommand.printActivity(ActivityEnding(completion: completion, message: message), title: title)
                if !completion.completed { throw ExitCode(1) }
            case .dismissed, .pageClosed:
                Console.current.print(ending.isDismissed ? "The sheet was closed without a choice." : "The page closed before the share ended.")
                throw ExitCode(1)
            }
            return
        }
        if !json { ShareCommand.printSheet(resolution) }

        var chosen = target
        if chosen == nil, !json, isatty(STDIN_FILENO) == 1, !resolution.eligible.isEmpty || !activities.isEmpty {
            switch await ShareCommand.ask(resolution, activities: activities) {
            case .extensionIdentifier(let identifier)?: chosen = identifier
            case .activity(let activity)?:
                try await runActivity(activity, items: items, report: &report, askFolder: true)
                return
            case nil: break
            }
        }
        guard let chosen else {
            if json { Console.current.print(JSONOutput.render(report)) }
            if resolution.eligible.isEmpty { throw ExitCode(1) }
            return
        }
        let installed = try ShareCommand.eligibleExtension(chosen, in: resolution, point: point)
        if installed.declaration?.webInterfacePage != nil, script == nil {
            // Its page needs a browser: the terminal cannot show it, and without it the
            // extension would wait for its page until its time ran out.
            throw CommandFailure("\(installed.identifier) has its own interface (AppexWebInterfacePage), which only the web sheet shows: appex share --ui web (docs/CUSTOM-UI.md)")
        }
        if !json { Console.current.print(Self.runningLine(installed.identifier, options)) }
        let interactive = script == nil && steps == nil && !json && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        let name = installed.displayName
        let (outcome, compose, view) = await host.withSession(installed, items: items) { session in
            let compose = await script?.run(on: session)
            let view = await steps?.run(on: session)
            // On a terminal, an extension shows its compose sheet or its own view controller
            // (with neither, the run simply ends and there is nothing to show).
            if interactive {
                switch await session.presentation() {
                case .composeSheet?: await TerminalComposeSheet(session: session, title: name).run()
                case .viewController(let first)?: await TerminalViewSheet(session: session, name: name).run(first)
                case nil: break
                }
            }
            return (await session.report(), compose, view)
        }
        let run = await ShareReport.run(outcome)
        report.run = run
        report.compose = compose
        report.view = view
        if !json, let compose { ShareCommand.printCompose(compose) }
        if !json, let view { ShareCommand.printView(view) }
        if json { Console.current.print(JSONOutput.render(report)) } else { ShareCommand.printRun(run) }
        if run.outcome != "completed" { throw ExitCode(1) }
    }
}

extension ShareCommand {
    /// The eligible extension `chosen`; else prints why not and exits 1 (not eligible) or 2
    /// (not installed).
    static func eligibleExtension(_ chosen: String, in resolution: ShareResolution, point: PointOption) throws -> InstalledExtension {
        if let installed = resolution.eligible.first(where: { $0.identifier == chosen }) { return installed }
        let reason = resolution.excluded.first { $0.installed.identifier == chosen }?.reason
        let message = reason.map { "\(chosen) is not eligible for this share: \($0)" }
            ?? "no installed \(point.rawValue) extension is called \(chosen) (see appex list)"
        Console.current.printError("error: " + message)
        throw ExitCode(reason != nil ? 1 : 2)
    }
}

/// `--point`.
enum PointOption: String, ExpressibleByArgument, CaseIterable {
    case share, action

    var identifier: String { self == .share ? ExtensionPoint.share : ExtensionPoint.action }
}

extension ShareCommand {
    /// Runs one of the host's actions and reports it (`completion` in `--json`); exits 1
    /// when it failed.
    func runActivity(_ activity: ShareActivity, items: [ExtensionItem], report: inout ShareReport, askFolder: Bool) async throws {
        if !json { Console.current.print("\n\(activity.title)") }
        let ending = await ShareCommand.perform(activity, items: items, folder: folder.map { ($0 as NSString).expandingTildeInPath },
                                                askFolder: askFolder, pasteboard: TerminalPasteboard.make())
        if json {
            report.completion = await ShareReport.completion(ending.completion, message: ending.message)
            Console.current.print(JSONOutput.render(report))
        } else {
            ShareCommand.printActivity(ending, title: activity.title)
        }
        if !ending.completion.completed { throw ExitCode(1) }
    }
}

extension ShareCommand {
    /// "Running ID in its Landlock sandbox…", or WITHOUT the sandbox.
    static func runningLine(_ identifier: String, _ options: LaunchOptions) -> String {
        let place = options.sandboxed ? " in its \(options.sandboxKind.map(\.displayName) ?? "") sandbox" : " WITHOUT the sandbox"
        return "\nRunning \(identifier)\(place)…"
    }
}
