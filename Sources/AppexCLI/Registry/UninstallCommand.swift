import ArgumentParser
import ExtensionRegistry

/// `appex uninstall`: removes an app, its extensions and their containers.
struct UninstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uninstall",
        abstract: "Remove an installed app, its extensions and their containers (exit 0, 2 on error).",
        discussion: "An app group's container is removed when its last member goes."
    )

    @Argument(help: ArgumentHelp("The app's bundle identifier.", valueName: "bundle-id"))
    var identifier: String

    @OptionGroup var homeOptions: HomeOptions

    func run() throws {
        let registry = try homeOptions.registry()
        do { try registry.uninstall(bundleIdentifier: identifier) } catch { throw error.exit() }
        Console.current.print("uninstalled \(identifier)")
    }
}
