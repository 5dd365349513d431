import ArgumentParser
import ExtensionHost
import ExtensionManifest
import ExtensionRegistry

/// `appex list`: the installed extensions in the user's order.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the installed extensions in the user's order (exit 0, 2 on error).",
        discussion: "Ordered extensions come first (see appex order), then the others by display name."
    )

    /// The points `--point` accepts.
    enum Point: String, ExpressibleByArgument, CaseIterable {
        case share, action

        var identifier: String { self == .share ? ExtensionPoint.share : ExtensionPoint.action }
    }

    @Option(help: ArgumentHelp("Only extensions of this point.", valueName: "share|action"))
    var point: Point?

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var homeOptions: HomeOptions

    func run() throws {
        let registry = try homeOptions.registry()
        let installed: [InstalledExtension]
        do {
            installed = try registry.installedExtensions()
        } catch let error as RegistryError {
            throw error.exit()
        }
        let rows = installed.filter { point == nil || $0.point == point?.identifier }
            .map { ListRow($0, path: registry.pathInHome($0.bundleURL)) }
        if json {
            Console.current.print(JSONOutput.render(rows))
        } else if rows.isEmpty {
            Console.current.print("no extensions installed" + (point.map { " for \($0.rawValue)" } ?? ""))
        } else {
            Console.current.print(ListRow.table(rows))
        }
    }
}
