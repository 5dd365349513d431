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

    @Flag(help: "Print JSON: the ordered extensions, and the others in the order they follow.")
    var json = false

    @OptionGroup var homeOptions: HomeOptions

    struct Report: Encodable {
        /// The extensions given, first first (positions 0 to n-1).
        var order: [String]
        /// Every other installed extension, in the order it follows (by display name).
        var following: [String]
    }

    func run() throws {
        let registry = try homeOptions.registry()
        do { try registry.setOrder(identifiers) } catch { throw error.exit() }
        if json {
            let ordered = Set(identifiers)
            let following = try registry.installedExtensions().map(\.identifier).filter { !ordered.contains($0) }
            Console.current.print(JSONOutput.render(Report(order: identifiers, following: following)))
            return
        }
        for (position, id) in identifiers.enumerated() { Console.current.print("\(position)  \(id)") }
        if identifiers.isEmpty { Console.current.print("order cleared") }
    }
}
