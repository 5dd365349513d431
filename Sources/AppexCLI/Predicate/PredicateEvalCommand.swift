import ArgumentParser
import Foundation
import PredicateFormat
import PropertyLists

/// `appex predicate eval`: evaluate a predicate against an object.
struct PredicateEvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Evaluate a predicate against an object; print true or false (exit 0 true, 1 false, 2 error).",
        discussion: """
        The object is JSON (--object) or a JSON or property-list file (--object-file). Variables are \
        bound with --var name=<json>, e.g. --var 'limit=3'.

        Example: is a HEIC photo an image?
          appex predicate eval 'ANY types UTI-CONFORMS-TO "public.image"' \\
            --object '{"types": ["public.heic"]}'
        """
    )

    @OptionGroup var source: PredicateSource

    @Option(help: ArgumentHelp("The object to evaluate against, as JSON.", valueName: "json"))
    var object: String?

    @Option(name: .customLong("object-file"), help: ArgumentHelp("Read the object from a JSON or property-list file.", valueName: "path"))
    var objectFile: String?

    @Option(name: .customLong("var"), help: ArgumentHelp("Bind a variable: name=<json> (repeatable).", valueName: "name=json"))
    var variables: [String] = []

    @Flag(help: "Print JSON.")
    var json = false

    private struct Report: Encodable {
        var predicateFormat: String
        var result: Bool
    }

    func run() throws {
        let predicate = try source.parse()
        let target = try loadObject()
        let bindings = try parseVariables()
        let result: Bool
        do {
            result = try predicate.evaluate(with: target, substitutionVariables: bindings)
        } catch {
            throw CommandFailure.report("evaluation failed: \(error.description)")
        }
        Console.current.print(json ? JSONOutput.render(Report(predicateFormat: predicate.predicateFormat, result: result))
                                   : String(result))
        if !result { throw ExitCode(1) }
    }

    private func loadObject() throws -> PredicateValue {
        if object != nil && objectFile != nil {
            throw CommandFailure.report("give the object with --object or --object-file, not both")
        }
        do {
            if let object { return try PredicateValue(json: object) }
            if let objectFile {
                let data: Data
                do { data = try Data(contentsOf: URL(fileURLWithPath: objectFile)) } catch {
                    throw CommandFailure.report("cannot read \(objectFile): \(error.localizedDescription)")
                }
                // JSON starts with { or [; anything else is a property list (XML in any of its
                // encodings, or binary), for Appex's reader to take or refuse.
                let trimmed = data.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
                if let first = trimmed.first, first != UInt8(ascii: "{"), first != UInt8(ascii: "[") {
                    // Appex's own reader, as lint and match read Info.plists: one reader, one set of rules.
                    let document: PropertyListDocument
                    do {
                        document = try PropertyListDocument.parse(data, fileName: objectFile)
                    } catch {
                        throw CommandFailure.report("\(error)")
                    }
                    return try PredicateValue(any: document.root.foundationObject)
                }
                return try PredicateValue(json: data)
            }
        } catch let error as PredicateEvaluationError {
            throw CommandFailure.report("\(objectFile ?? "--object"): \(error.description)")
        }
        return .null
    }

    private func parseVariables() throws -> [String: PredicateValue] {
        var bindings: [String: PredicateValue] = [:]
        for binding in variables {
            guard let eq = binding.firstIndex(of: "="), eq != binding.startIndex else {
                throw CommandFailure.report("--var \(binding): expected name=<json>")
            }
            var name = String(binding[..<eq])
            if name.hasPrefix("$") { name.removeFirst() }
            do {
                bindings[name] = try PredicateValue(json: String(binding[binding.index(after: eq)...]))
            } catch {
                throw CommandFailure.report("--var \(binding): \(error.description)")
            }
        }
        return bindings
    }
}
