import ArgumentParser
import ExtensionRegistry

/// `appex order`: the user's order of the share sheet.
struct OrderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "order",
        abstract: "Put extensions first, in the order given (exit 0, 2 on error).",
        discussion: "Extensions not named lose their place and follow, by display name. Give no identifier to clear the order."
    )

    @Argument(help: ArgumentHelp("Extension bundle identifiers, first first.", valueName: "extension-id"))
    var identifiers: [String] = []

    @OptionGroup var homeOptions: HomeOptions

    func run() throws {
        let registry = try homeOptions.registry()
        do { try registry.setOrder(identifiers) } catch { throw error.exit() }
        for (position, id) in identifiers.enumerated() { Console.current.print("\(position)  \(id)") }
        if identifiers.isEmpty { Console.current.print("order cleared") }
    }
}
