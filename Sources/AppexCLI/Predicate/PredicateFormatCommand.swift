import ArgumentParser
import PredicateFormat

/// `appex predicate format`: the canonical form of a predicate.
struct PredicateFormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Print the canonical form of a predicate (exit 2 with a diagnostic on a syntax error).",
        discussion: """
        The canonical form has upper-case keywords, double-quoted strings and parentheses wherever \
        precedence decided the grouping; parsing it again gives the same predicate.
        """
    )

    @OptionGroup var source: PredicateSource

    @Flag(help: "Print JSON.")
    var json = false

    private struct Report: Encodable {
        var predicateFormat: String
    }

    func run() throws {
        let predicate = try source.parse()
        Console.current.print(json ? JSONOutput.render(Report(predicateFormat: predicate.predicateFormat))
                                   : predicate.predicateFormat)
    }
}
