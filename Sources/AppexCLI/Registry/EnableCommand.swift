import ArgumentParser
import ExtensionRegistry

/// `appex enable`: lets an installed extension appear in the share sheet again.
struct EnableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable",
        abstract: "Enable an installed extension (exit 0, 2 on error)."
    )

    @Argument(help: ArgumentHelp("The extension's bundle identifier.", valueName: "extension-id"))
    var identifier: String

    @Flag(help: "Print JSON: the extension, whether it is enabled now and whether it was before.")
    var json = false

    @OptionGroup var homeOptions: HomeOptions

    func run() throws {
        try setEnabled(true, identifier, homeOptions, json: json)
    }
}

/// What `appex enable --json` and `appex disable --json` print.
struct EnabledReport: Encodable {
    var identifier: String
    var enabled: Bool
    var wasEnabled: Bool
}

/// Records the user's choice and says what changed.
func setEnabled(_ enabled: Bool, _ identifier: String, _ homeOptions: HomeOptions, json: Bool) throws {
    let registry = try homeOptions.registry()
    let before: Bool
    do { before = try registry.setEnabled(enabled, for: identifier) } catch { throw error.exit() }
    if json {
        Console.current.print(JSONOutput.render(EnabledReport(identifier: identifier, enabled: enabled, wasEnabled: before)))
        return
    }
    Console.current.print("\(enabled ? "enabled" : "disabled") \(identifier)\(before == enabled ? " (it already was)" : "")")
}
