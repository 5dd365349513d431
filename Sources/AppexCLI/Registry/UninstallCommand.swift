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

    @Flag(help: "Print JSON: the app, its removed extensions and the app groups whose containers went with it.")
    var json = false

    @OptionGroup var homeOptions: HomeOptions

    struct Report: Encodable {
        var uninstalled: String
        var removedExtensions: [String]
        var removedAppGroups: [String]
    }

    func run() throws {
        let registry = try homeOptions.registry()
        let result: UninstallResult
        do { result = try registry.uninstall(bundleIdentifier: identifier) } catch { throw error.exit() }
        if json {
            Console.current.print(JSONOutput.render(Report(uninstalled: result.identifier, removedExtensions: result.removedExtensions,
                                                           removedAppGroups: result.removedAppGroups)))
            return
        }
        Console.current.print("uninstalled \(identifier)")
        if !result.removedExtensions.isEmpty { Console.current.print("removed " + result.removedExtensions.joined(separator: ", ")) }
        if !result.removedAppGroups.isEmpty {
            Console.current.print("removed the containers of " + result.removedAppGroups.joined(separator: ", "))
        }
    }
}
