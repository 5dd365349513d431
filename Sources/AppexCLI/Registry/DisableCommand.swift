import ArgumentParser
import ExtensionRegistry

/// `appex disable`: hides an installed extension from the share sheet, keeping it installed.
struct DisableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable",
        abstract: "Disable an installed extension; it stays installed (exit 0, 2 on error)."
    )

    @Argument(help: ArgumentHelp("The extension's bundle identifier.", valueName: "extension-id"))
    var identifier: String

    @Flag(help: "Print JSON: the extension, whether it is enabled now and whether it was before.")
    var json = false

    @OptionGroup var homeOptions: HomeOptions

    func run() throws {
        try setEnabled(false, identifier, homeOptions, json: json)
    }
}
