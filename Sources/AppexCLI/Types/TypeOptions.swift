import ArgumentParser
import Foundation
import TypeIdentifiers

/// Options shared by the `types` commands: bundle Info.plists whose declared types join the
/// registry for this run.
struct TypeOptions: ParsableArguments {
    @Option(name: .customLong("info-plist"), help: ArgumentHelp(
        "An Info.plist whose UTExportedTypeDeclarations and UTImportedTypeDeclarations join the registry (repeatable).",
        valueName: "path"))
    var infoPlists: [String] = []

    /// Registers the given Info.plists' declarations in the shared registry.
    func registerDeclarations() throws {
        for path in infoPlists {
            do {
                try TypeRegistry.shared.registerTypes(fromInfoPlistAt: URL(fileURLWithPath: path))
            } catch {
                throw CommandFailure.report(error.message)
            }
        }
    }
}

/// How a command-line argument names a type: an identifier, `.ext` or `type/subtype`.
enum TypeReference {
    case identifier(String)
    case filenameExtension(String)
    case mimeType(String)

    init(_ argument: String) {
        if argument.hasPrefix("."), argument.count > 1 {
            self = .filenameExtension(String(argument.dropFirst()))
        } else if argument.contains("/") {
            self = .mimeType(argument)
        } else {
            self = .identifier(argument)
        }
    }

    /// Resolves the reference, or throws the exit code after printing what was wrong.
    func resolve() throws -> UTType {
        do {
            switch self {
            case .identifier(let id):
                return try TypeRegistry.shared.resolvedType(withIdentifier: id)
            case .filenameExtension(let ext):
                return try TypeRegistry.shared.resolvedType(tag: ext, tagClass: .filenameExtension, conformingTo: nil)
            case .mimeType(let mime):
                return try TypeRegistry.shared.resolvedType(tag: mime, tagClass: .mimeType, conformingTo: nil)
            }
        } catch {
            throw CommandFailure.report(error.message)
        }
    }
}
