import ArgumentParser
import ExtensionHost
import ExtensionManifest
import ExtensionRegistry

/// `appex list`: the installed extensions in the user's order.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the installed extensions in the user's order (exit 0, 2 on error).",
        discussion: """
            Ordered extensions come first (see appex order), then the others by display name, then those that cannot run. \
            STATE compares each installed copy with the seal taken at install: intact, modified (files changed, added or \
            missing), damaged (cannot be read), or unsealed (installed before seals). An extension whose executable or \
            Info.plist changed, or that is damaged, will not run; its siblings still do. appex verify hashes every file.
            """
    )

    /// The points `--point` accepts.
    enum Point: String, ExpressibleByArgument, CaseIterable {
        case share, action, widget
        case photoEditing = "photo-editing"
        case keyboard

        var identifier: String {
            switch self {
            case .share: ExtensionPoint.share
            case .action: ExtensionPoint.action
            case .widget: ExtensionPoint.widget
            case .photoEditing: ExtensionPoint.photoEditing
            case .keyboard: ExtensionPoint.keyboard
            }
        }
    }

    @Option(help: ArgumentHelp("Only extensions of this point.", valueName: "point"))
    var point: Point?

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var homeOptions: HomeOptions

    func run() throws {
        let registry = try homeOptions.registry()
        let inventory: RegistryInventory
        do {
            inventory = try registry.inventory(checking: .allFiles)
        } catch {
            throw error.exit()
        }
        let applications = Dictionary(inventory.applications.map { ($0.identifier, $0) }, uniquingKeysWith: { a, _ in a })
        let rows = inventory.extensions.filter { point == nil || ($0.installed?.point ?? $0.point) == point?.identifier }
            .map { ListRow($0, application: applications[$0.applicationIdentifier]) }
        if json {
            Console.current.print(JSONOutput.render(rows))
        } else if rows.isEmpty {
            Console.current.print("no extensions installed" + (point.map { " for \($0.rawValue)" } ?? ""))
        } else {
            Console.current.print(ListRow.table(rows))
        }
    }
}
