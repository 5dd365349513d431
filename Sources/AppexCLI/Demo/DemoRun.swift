import AppExtensions
import ExtensionHost
import ExtensionIPC
import ExtensionManifest
import ExtensionRegistry
import Foundation

/// The demo's steps, each printed as it happens.
struct DemoRun {
    let source: URL
    let products: URL
    let home: AppexHome
    let removeHome: Bool
    /// The sandbox the extensions and the app run in, or `nil` (`--no-sandbox`).
    let sandbox: SandboxKind?
    var sandboxed: Bool { sandbox != nil }
    /// Step 7's compose sheet is shown on the terminal for the user, not scripted.
    let interactive: Bool
    /// Print one JSON report at the end (``DemoReport``) instead of each step as it happens.
    let json: Bool
    let recorder: DemoRecorder
    let console = Console.current

    init(examples: String, products: String?, home: String?, sandbox: SandboxKind?, interactive: Bool = false,
         json: Bool = false) throws(CommandFailure) {
        source = URL(fileURLWithPath: examples)
        guard FileManager.default.fileExists(atPath: source.appendingPathComponent("Info.plist").path) else {
            throw CommandFailure("\(examples)/Info.plist not found: run the demo from the Appex checkout (or pass --examples)")
        }
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        self.products = products.map { URL(fileURLWithPath: $0) } ?? me
        if let home {
            self.home = AppexHome(root: URL(fileURLWithPath: home))
            removeHome = false
        } else {
            self.home = AppexHome(root: FileManager.default.temporaryDirectory.appendingPathComponent("appex-demo-\(UUID().uuidString)"))
            removeHome = true
        }
        self.sandbox = sandbox
        self.interactive = interactive
        self.json = json
        recorder = DemoRecorder(home: self.home.root.path, sandbox: sandbox)
    }

    func cleanUp() {
        if removeHome { try? FileManager.default.removeItem(at: home.root) }
    }

    func step(_ number: Int, _ title: String) {
        recorder.update { $0.steps.append(DemoReport.Step(number: number, title: title)) }
        say("\n\(number). \(title)")
    }

    /// Prints a line of the running commentary (not with `--json`).
    func say(_ line: String) {
        if !json { console.print(line) }
    }

    /// Runs the demo; with `--json`, prints the report at the end, also when a step fails.
    func perform() async throws {
        do {
            try await performSteps()
            recorder.update { $0.completed = true }
        } catch {
            recorder.update { $0.error = "\(error)" }
            if json { console.print(JSONOutput.render(recorder.current)) }
            throw error
        }
        if json { console.print(JSONOutput.render(recorder.current)) }
    }

    func performSteps() async throws {
        say("Appex demo — APPEX_HOME=\(home.root.path)\(sandbox.map { ", sandbox: \($0.displayName)" } ?? " (no sandbox)")")
        try FileManager.default.createDirectory(at: home.root, withIntermediateDirectories: true)

        step(1, "appex bundle \(source.path) --products \(products.path)")
        let output = home.root.appendingPathComponent("Build/Notes.app")
        try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        let summary: BundleBuilder.Summary
        let (source, products) = (source, products)
        do {
            // Copying executables and writing the registry block: off the shared threads.
            summary = try await Offload.perform { () throws(BundleBuildError) -> BundleBuilder.Summary in
                try BundleBuilder(source: source, products: products).build(to: output, replacing: true)
            }
        } catch {
            throw CommandFailure("cannot build Notes.app: \(error.message) (build the examples first: swift build)")
        }
        recorder.update { $0.bundle = .init(path: summary.bundleURL.path, executable: summary.executable, plugIns: summary.plugIns) }
        say("   built \(summary.bundleURL.lastPathComponent): \(summary.executable) + \(summary.plugIns.joined(separator: ", "))")

        step(2, "appex install Notes.app")
        let home = home
        let registry = try await Offload.perform { try RegistryCatalog.open(home) }
        let installed: InstallResult
        do {
            installed = try await Offload.perform { () throws(RegistryError) -> InstallResult in try registry.install(appAt: output) }
        } catch {
            throw CommandFailure("install refused: \(error.description)")
        }
        let application = installed.application
        recorder.update { $0.install = .init(identifier: application.identifier, extensions: application.extensionIdentifiers,
                                              appGroups: application.appGroups) }
        say("   installed \(installed.application.identifier) with \(installed.application.extensionIdentifiers.joined(separator: ", "))")
        say("   app group \(installed.application.appGroups.joined(separator: ", ")) → \(home.appGroupContainer(groupIdentifier: installed.application.appGroups.first ?? "").path)")

        var options = try LaunchOptions.command(sandbox: sandbox, home: home)
        let host = ExtensionHost(catalog: registry, options: options)
        let first = try await share(host, step: 3, url: "https://www.swift.org", title: "Swift.org")
        let second = try await share(host, step: 4, url: "https://www.swift.org/documentation/", title: "Documentation")
        guard first && second else { throw CommandFailure("the share did not complete") }

        step(5, "Notes becomes active and reads its app group")
        try await runNotes(installed.application)

        step(6, "Share text with the action extension: \"hello from appex\"")
        let text = ExtensionItem()
        text.attachments = [ItemProvider(item: .string("hello from appex"), typeIdentifier: "public.plain-text")]
        let actions = try await host.resolve([text], point: ExtensionPoint.action)
        var sheet = ShareReport(actions)
        if !json { ShareCommand.printSheet(actions) }
        guard let uppercase = actions.eligible.first else { throw CommandFailure("Make Uppercase was not eligible for text") }
        let run = await ShareReport.run(await host.run(uppercase, items: [text]))
        sheet.run = run
        recorder.updateStep { [sheet] in $0.sheets.append(sheet) }
        if !json { ShareCommand.printRun(run) }
        guard run.outcome == "completed" else { throw CommandFailure("the action extension did not complete") }

        try await post(host, step: 7)
        step(8, "Notes becomes active again and reads the post")
        try await runNotes(installed.application)

        step(9, "appex today --once: the Notes widget shows the latest notes")
        let today = TodayView(catalog: registry, options: options, home: home)
        let outcomes = await today.updateAll(try today.widgets())
        recorder.updateStep { $0.widgets = outcomes.map(TodayReport.Widget.init) }
        if !json { TodayCommand.printCards(outcomes, sizes: today.sizes, expanded: false, styled: false, indent: "   ") }
        guard outcomes.first?.result == .newData else { throw CommandFailure("the Notes widget did not update: \(outcomes.first?.message ?? "not shown")") }
        try await editPhoto(options: options, step: 10)
        try await typeWithKeyboard(options: options, step: 11)
        say("\nDone: two shares and one post saved and delivered once each, one text transformed and returned, the widget up to date, "
            + "a photo toned sepia with its original kept, and hanzi typed with a custom keyboard.")
    }
}
