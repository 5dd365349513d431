import ArgumentParser

/// `appex types`: the type identifier system.
struct TypesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "Look up uniform type identifiers, their conformance and the types of files.",
        subcommands: [TypesInfoCommand.self, TypesConformsCommand.self, TypesForFileCommand.self, TypesListCommand.self]
    )
}
