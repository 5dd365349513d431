import AppExtensions
import ArgumentParser
import ExtensionHost
import ExtensionManifest
import ExtensionRegistry
import Foundation
import Glibc

/// `appex demo`: the seed documents' scenario end to end, on real bundles and processes.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Build, install and run the Notes example: share a URL, save it, open Notes.",
        discussion: """
            Builds Examples/Notes/Bundle into Notes.app with `appex bundle` (the executables \
            come from the folder `appex` itself runs from), installs it into a fresh \
            APPEX_HOME, shares https://www.swift.org from a host, shows the share sheet with \
            the reason for every extension left out, runs Save to Notes in its sandbox (twice, \
            as two shares arriving before the app runs), runs Notes, which takes both from \
            the app group's inbox, runs the Make Uppercase action extension, and posts with \
            Post to Notes, seed 000's compose sheet (是否公开, 公开权限), scripted as a user would \
            — or, with --interactive on a terminal, shown for you to type, choose and post.
            """)

    @Option(help: "The example bundle's source folder.")
    var examples: String = "Examples/Notes/Bundle"

    @Option(help: "The folder with the built example executables (default: the folder of appex itself).")
    var products: String?

    @Option(help: "APPEX_HOME to use (default: a new temporary folder, removed afterwards).")
    var home: String?

    @OptionGroup var sandboxing: SandboxOptions

    @Flag(help: "Show Post to Notes' compose sheet on this terminal for you to use, instead of scripting it.")
    var interactive = false

    @Flag(help: "Print one JSON report at the end: each step's sheets, runs and what the extension and the app printed.")
    var json = false

    func validate() throws {
        if interactive, isatty(STDIN_FILENO) != 1 || isatty(STDOUT_FILENO) != 1 {
            throw ValidationError("--interactive shows the compose sheet on a terminal; standard input and output are not one")
        }
        if interactive && json {
            throw ValidationError("--interactive and --json cannot be used together: the sheet needs the terminal that the report is printed to")
        }
    }

    func run() async throws {
        let demo = try DemoRun(examples: examples, products: products, home: home, sandbox: try sandboxing.resolved(), interactive: interactive,
                                json: json)
        defer { demo.cleanUp() }
        try await demo.perform()
    }
}
