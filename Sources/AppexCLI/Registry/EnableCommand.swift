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

    @OptionGroup var homeOptions: HomeOptions

    func run() throws {
        try setEnabled(true, identifier, homeOptions)
    }
}

/// Records the user's choice and says what changed.
func setEnabled(_ enabled: Bool, _ identifier: String, _ homeOptions: HomeOptions) throws {
    let registry = try homeOptions.registry()
    do { try registry.setEnabled(enabled, for: identifier) } catch { throw error.exit() }
    Console.current.print("\(enabled ? "enabled" : "disabled") \(identifier)")
}
