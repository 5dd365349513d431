import ArgumentParser
import TypeIdentifiers

/// `appex types conforms`: whether one type conforms to another.
struct TypesConformsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conforms",
        abstract: "Print whether the first type conforms to the second (exit 0 true, 1 false, 2 error).",
        discussion: "Conformance is reflexive and transitive; an undeclared identifier conforms only to itself."
    )

    @Argument(help: ArgumentHelp("The type to test: an identifier, .ext or MIME type.", valueName: "type"))
    var type: String

    @Argument(help: ArgumentHelp("The supertype: an identifier, .ext or MIME type.", valueName: "supertype"))
    var supertype: String

    @OptionGroup var options: TypeOptions

    @Flag(help: "Print JSON.")
    var json = false

    private struct Report: Encodable {
        var type: String
        var supertype: String
        var conforms: Bool
    }

    func run() throws {
        try options.registerDeclarations()
        let a = try TypeReference(type).resolve()
        let b = try TypeReference(supertype).resolve()
        let result = a.conforms(to: b)
        Console.current.print(json ? JSONOutput.render(Report(type: a.identifier, supertype: b.identifier, conforms: result))
                                   : String(result))
        if !result { throw ExitCode(1) }
    }
}
