import ArgumentParser

/// `appex predicate`: the NSPredicate format language.
struct PredicateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "predicate",
        abstract: "Parse, print and evaluate NSPredicate format strings (activation rules).",
        subcommands: [PredicateEvalCommand.self, PredicateFormatCommand.self]
    )
}
