import ArgumentParser
import Foundation
import PredicateFormat

/// The predicate a command works on: given inline or read from a file.
struct PredicateSource: ParsableArguments {
    @Argument(help: ArgumentHelp("The predicate format string, e.g. 'ANY types UTI-CONFORMS-TO \"public.image\"'.",
                                 valueName: "format"))
    var format: String?

    @Option(name: .customLong("format-file"), help: ArgumentHelp("Read the format string from a file instead.", valueName: "path"))
    var formatFile: String?

    func validate() throws {
        if (format == nil) == (formatFile == nil) {
            throw ValidationError("give the format string either as an argument or with --format-file, not both")
        }
    }

    /// The source text.
    func text() throws -> String {
        if let format { return format }
        guard let formatFile else { return "" }
        do {
            return try String(contentsOfFile: formatFile, encoding: .utf8)
        } catch {
            throw CommandFailure.report("cannot read \(formatFile): \(error.localizedDescription)")
        }
    }

    /// Parses the source, printing a compiler-style diagnostic on failure.
    func parse() throws -> FormatPredicate {
        let source = try text()
        do {
            return try FormatPredicate(format: source)
        } catch {
            let origin = formatFile.map { "\($0):" } ?? ""
            Console.current.printError(origin + error.description)
            throw ExitCode(2)
        }
    }
}
