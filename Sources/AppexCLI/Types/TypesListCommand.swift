import ArgumentParser
import TypeIdentifiers

/// `appex types list`: the declared types.
struct TypesListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List declared types, optionally only those conforming to a type."
    )

    @Option(name: .customLong("conforming-to"), help: ArgumentHelp("Only types conforming to this one.", valueName: "type"))
    var supertype: String?

    @Flag(name: .customLong("include-shared-mime-info"), help: "Include the types bridged from shared-mime-info.")
    var includeBridged = false

    @OptionGroup var options: TypeOptions

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        try options.registerDeclarations()
        let filter = try supertype.map { try TypeReference($0).resolve() }
        let types = TypeRegistry.shared.declaredTypes.filter { type in
            (includeBridged || type.origin != .sharedMIMEInfo) && (filter.map { type.conforms(to: $0) } ?? true)
        }
        if json {
            Console.current.print(JSONOutput.render(types.map(TypeReport.init)))
        } else {
            for type in types {
                Console.current.print(type.identifier + (type.localizedDescription.map { "  — \($0)" } ?? ""))
            }
        }
    }
}
