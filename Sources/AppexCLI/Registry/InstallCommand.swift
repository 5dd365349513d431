import ArgumentParser
import ExtensionManifest
import ExtensionRegistry
import Foundation

/// `appex install`: validates an `.app` and installs it (or upgrades the installed one).
struct InstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Install or upgrade an .app and its extensions (exit 0 installed, 1 refused, 2 on error).",
        discussion: """
        The bundle is refused when appex lint reports an error, when an app or extension lacks its executable, \
        or when an identifier is already used by another app. An upgrade keeps the containers and the user's \
        enable and order choices. docs/REGISTRY.md describes the steps.
        """
    )

    @Argument(help: ArgumentHelp("The .app bundle.", valueName: "path.app"))
    var path: String

    @Flag(help: "Install extensions whose identifier prefix or versions differ from the app's (lint errors otherwise).")
    var allowMismatch = false

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var homeOptions: HomeOptions

    struct Report: Encodable {
        var identifier: String
        var path: String
        var upgraded: Bool
        var extensions: [String]
        var removedExtensions: [String]
        var appGroups: [String]
        var warnings: [LintDiagnostic]
        /// The extensions of points Appex does not host: installed, never run.
        var notHosted: [NotHosted]
    }

    struct NotHosted: Encodable {
        var identifier: String
        var point: String
        var pointName: String?
    }

    struct Refusal: Encodable {
        var error: String
        var code: String
        var diagnostics: [LintDiagnostic]
    }

    func run() throws {
        let registry = try homeOptions.registry()
        let result: InstallResult
        do {
            result = try registry.install(appAt: URL(fileURLWithPath: path), options: InstallOptions(allowMismatch: allowMismatch))
        } catch {
            if json && error.isRefusal {
                Console.current.print(JSONOutput.render(Refusal(error: error.message, code: error.code.rawValue, diagnostics: error.diagnostics)))
                throw ExitCode(1)
            }
            throw error.exit()
        }
        let app = result.application
        if json {
            Console.current.print(JSONOutput.render(Report(
                identifier: app.identifier, path: registry.pathInHome(app.bundleURL), upgraded: result.isUpgrade,
                extensions: app.extensionIdentifiers, removedExtensions: result.removedExtensions,
                appGroups: app.appGroups, warnings: result.warnings,
                notHosted: result.unhostedExtensions.sorted { $0.key < $1.key }.map {
                    NotHosted(identifier: $0.key, point: $0.value, pointName: ExtensionPoint.appleName($0.value))
                })))
            return
        }
        for warning in result.warnings { Console.current.printError(warning.description) }
        let count = app.extensionIdentifiers.count
        let list = count == 0 ? "" : ": " + app.extensionIdentifiers.joined(separator: ", ")
        Console.current.print("\(result.isUpgrade ? "upgraded" : "installed") \(app.identifier) with \(count) extension\(count == 1 ? "" : "s")\(list)")
        if !result.removedExtensions.isEmpty {
            Console.current.print("removed " + result.removedExtensions.joined(separator: ", "))
        }
        for (identifier, point) in result.unhostedExtensions.sorted(by: { $0.key < $1.key }) {
            let name = ExtensionPoint.appleName(point).map { name in
                "\("aeiou".contains(name.lowercased().first ?? "x") ? "an" : "a") \(name) extension (\(point))"
            } ?? "an extension of \(point)"
            Console.current.print("not hosted: \(identifier), \(name), is installed but never runs; \(ExtensionPoint.document)")
        }
    }
}

extension ExtensionRegistry {
    /// A URL inside the home, relative to it (for stable output).
    func pathInHome(_ url: URL) -> String {
        let root = home.root.path
        let path = url.standardizedFileURL.path
        return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
}
