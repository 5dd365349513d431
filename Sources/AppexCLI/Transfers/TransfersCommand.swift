import ArgumentParser

/// `appex transfers`: the background transfer service and its tasks.
struct TransfersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transfers",
        abstract: "Run the background transfer service, and list, show, cancel or wait for its transfers.",
        discussion: """
            Extensions hand long uploads and downloads to a per-user service through a \
            background URLSession; the service carries them on after the extension ends and \
            keeps each result until the containing app takes it (docs/TRANSFERS.md). The \
            service starts on demand; `appex setup` also installs it as a systemd user unit.
            """,
        subcommands: [TransfersServeCommand.self, TransfersListCommand.self, TransfersShowCommand.self,
                      TransfersCancelCommand.self, TransfersWaitCommand.self]
    )
}
