import ArgumentParser
import TypeIdentifiers

/// `appex types info`: everything known about one type.
struct TypesInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a type: identifier, description, parents, everything it conforms to, and its tags.",
        discussion: """
        The type may be named by identifier (public.jpeg), by filename extension with its dot (.heic) \
        or by MIME type (image/png). A tag no declared type claims yields a dynamic (dyn.) type.
        """
    )

    @Argument(help: ArgumentHelp("An identifier, .ext or MIME type.", valueName: "type"))
    var type: String

    @OptionGroup var options: TypeOptions

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        try options.registerDeclarations()
        let resolved = try TypeReference(type).resolve()
        var report = TypeReport(resolved)
        if report.description == nil, let mime = resolved.preferredMIMEType {
            report.description = TypeRegistry.shared.mimeDatabase?.comment(forMIMEType: mime)
        }
        Console.current.print(json ? JSONOutput.render(report) : report.text)
    }
}
