import ArgumentParser

/// The `appex` command: the root of every subcommand.
public struct AppexCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "appex",
        abstract: "Apple's App Extension system (share and action extensions, Today widgets) for Linux.",
        version: AppexCommand.version,
        subcommands: [LintCommand.self, MatchCommand.self, ShareCommand.self, DemoCommand.self,
                      BundleCommand.self, InstallCommand.self, UninstallCommand.self, ListCommand.self,
                      EnableCommand.self, DisableCommand.self, OrderCommand.self, CrashesCommand.self,
                      TypesCommand.self, PredicateCommand.self, SetupCommand.self, DefaultsCommand.self,
                      TransfersCommand.self, VerifyCommand.self, DoctorCommand.self, OpenCommand.self, TodayCommand.self,
                      EditCommand.self, KeyboardCommand.self, FilesCommand.self]
    )

    /// What `appex --version` prints: the release and the host–extension wire protocol.
    public static let version = "0.9.0 (wire protocol 1)"

    public init() {}
}
