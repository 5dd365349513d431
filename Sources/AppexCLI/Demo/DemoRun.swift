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
    let sandboxed: Bool
    /// Step 7's compose sheet is shown on the terminal for the user, not scripted.
    let interactive: Bool
    let console = Console.current

    init(examples: String, products: String?, home: String?, sandboxed: Bool, interactive: Bool = false) throws(CommandFailure) {
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
        self.sandboxed = sandboxed
        self.interactive = interactive
    }

    func cleanUp() {
        if removeHome { try? FileManager.default.removeItem(at: home.root) }
    }

    func step(_ number: Int, _ title: String) {
        console.print("\n\(number). \(title)")
    }

    func perform() async throws {
        console.print("Appex demo — APPEX_HOME=\(home.root.path)\(sandboxed ? "" : " (no sandbox)")")
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
        console.print("   built \(summary.bundleURL.lastPathComponent): \(summary.executable) + \(summary.plugIns.joined(separator: ", "))")

        step(2, "appex install Notes.app")
        let home = home
        let registry = try await Offload.perform { try RegistryCatalog.open(home) }
        let installed: InstallResult
        do {
            installed = try await Offload.perform { () throws(RegistryError) -> InstallResult in try registry.install(appAt: output) }
        } catch {
            throw CommandFailure("install refused: \(error.description)")
        }
        console.print("   installed \(installed.application.identifier) with \(installed.application.extensionIdentifiers.joined(separator: ", "))")
        console.print("   app group \(installed.application.appGroups.joined(separator: ", ")) → \(home.appGroupContainer(groupIdentifier: installed.application.appGroups.first ?? "").path)")

        var options = LaunchOptions(sandboxed: sandboxed, crashReports: CrashReportStore(directory: home.crashReportsDirectory))
        options.transferService = .cli(home: home)
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
        ShareCommand.printSheet(actions)
        guard let uppercase = actions.eligible.first else { throw CommandFailure("Make Uppercase was not eligible for text") }
        let run = await ShareReport.run(await host.run(uppercase, items: [text]))
        ShareCommand.printRun(run)
        guard run.outcome == "completed" else { throw CommandFailure("the action extension did not complete") }

        try await post(host, step: 7)
        step(8, "Notes becomes active again and reads the post")
        try await runNotes(installed.application)
        console.print("\nDone: two shares and one post saved and delivered once each, one text transformed and returned.")
    }
}
