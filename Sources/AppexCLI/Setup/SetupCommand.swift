import ArgumentParser
import Foundation

/// `appex setup`: desktop integration for the user: the "Share…" entry in file managers,
/// shell completions, the man page and the transfer service's systemd units; `--remove`
/// takes them away again.
struct SetupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "setup",
        abstract: "Install Share… in file managers, shell completions, a man page and the transfer service's systemd units.",
        discussion: """
            Writes, for the current user: a desktop entry "Share…" (GNOME Files' Open With), \
            Thunar's Send To entry, Dolphin's service menu, a Nemo action and a Caja action, \
            each running `appex share --ui web` with the selection; bash, zsh and fish \
            completions; the man page appex.1; and, where systemd runs, the user units \
            appex-transfers.socket and appex-transfers.service, which it enables when the \
            user's manager is reachable. Paths follow XDG_DATA_HOME and XDG_CONFIG_HOME \
            (docs/SETUP.md lists them).

            Idempotent: a second run reports every file unchanged. It never overwrites a \
            file it did not write: if one is in the way it names it, writes nothing and exits \
            2. What it wrote is recorded in $XDG_DATA_HOME/appex/setup.json; --remove deletes \
            only files that still hold what setup wrote and reports any the user changed.
            """)

    @Flag(help: "Remove what appex setup wrote (files the user changed are kept).")
    var remove = false

    @Option(name: .customLong("data-home"), help: ArgumentHelp(
        "Where data files go (default: $XDG_DATA_HOME, else ~/.local/share).", valueName: "dir"))
    var dataHome: String?

    @Option(name: .customLong("config-home"), help: ArgumentHelp(
        "Where fish's completion goes (default: $XDG_CONFIG_HOME, else ~/.config).", valueName: "dir"))
    var configHome: String?

    @Option(help: ArgumentHelp(
        "The appex the entries run (default: this executable, from /proc/self/exe).", valueName: "path"))
    var executable: String?

    @Option(help: ArgumentHelp(
        "Write the transfer service's systemd user units: auto (when systemd runs this machine), yes or no.", valueName: "when"))
    var systemd: SystemdChoice = .auto

    @OptionGroup var homeOptions: HomeOptions

    @Flag(help: "Print JSON.")
    var json = false

    func run() async throws {
        do throws(SetupError) {
            let locations = try SetupLocations.resolve(dataHome: dataHome, configHome: configHome,
                                                       environment: ProcessInfo.processInfo.environment)
            let record = try SetupRecord.load(locations.record)
            let environment = ProcessInfo.processInfo.environment
            let manager = SystemdUserManager.running(environment: environment)
            if remove {
                let units = record.files.contains { $0.path.hasSuffix("/" + SystemdUnits.socketUnit) }
                var notes: [String] = []
                if units, let manager {
                    notes += await [manager.run(["disable", "--now", SystemdUnits.socketUnit, SystemdUnits.serviceUnit])].compactMap { $0 }
                }
                let statuses = try SetupRemover(recordURL: locations.record).remove(record)
                if units, let manager { notes += await [manager.run(["daemon-reload"])].compactMap { $0 } }
                finish(SetupReport(operation: "remove", files: statuses, record: locations.record.path, notes: notes))
                return
            }
            let program = if let executable { executable } else { try SetupPlan.runningExecutable() }
            let files = try SetupPlan.files(locations, executable: program,
                                            transfersHome: systemd.writesUnits() ? homeOptions.appexHome : nil)
            let installer = SetupInstaller(files: files, recordURL: locations.record)
            let decisions = installer.decide(record)
            var report = SetupReport(operation: "setup", files: decisions, record: locations.record.path,
                                     notes: SetupCommand.notes(locations, manualPage: files.contains { $0.path.hasSuffix("/appex.1") }))
            guard report.conflicts.isEmpty else {
                report.notes = []
                finish(report)
                for conflict in report.conflicts {
                    Console.current.printError("error: \(conflict.path): \(conflict.reason ?? "in the way")")
                }
                throw SetupError(.conflict, "wrote nothing: \(report.conflicts.count) file(s) in the way (move them away and run appex setup again)")
            }
            _ = try installer.apply(decisions, to: record)
            if files.contains(where: { $0.path.hasSuffix("/" + SystemdUnits.socketUnit) }) {
                report.notes.append(await Self.enableTransferSocket(manager))
            }
            finish(report)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// Prints the report: JSON, or one line a file and the notes.
    func finish(_ report: SetupReport) {
        if json { return Console.current.print(JSONOutput.render(report)) }
        if report.files.isEmpty { Console.current.print("nothing to remove (no record at \(report.record))") }
        for file in report.files {
            var line = file.status.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0) + file.path
            if let purpose = file.purpose { line += "  " + purpose }
            if let reason = file.reason { line += ": " + reason }
            Console.current.print(line)
        }
        if !report.files.isEmpty, report.conflicts.isEmpty {
            Console.current.print("record: " + report.record + (report.operation == "remove" ? " (removed)" : ""))
        }
        for note in report.notes { Console.current.print("note: " + note) }
    }

    /// Reloads the user's systemd and enables the transfer socket, or says how to.
    static func enableTransferSocket(_ manager: SystemdUserManager?) async -> String {
        let commands = [["daemon-reload"], ["enable", "--now", SystemdUnits.socketUnit]]
        guard let manager else {
            return "no systemd user manager is reachable: start the transfer service's socket with "
                + commands.map { "systemctl --user " + $0.joined(separator: " ") }.joined(separator: " && ")
        }
        for command in commands {
            if let failure = await manager.run(command) { return failure }
        }
        return "systemd: \(SystemdUnits.socketUnit) enabled and listening; it starts \(SystemdUnits.serviceUnit) on the first connection"
    }

    /// What the user may still have to do after setup.
    static func notes(_ locations: SetupLocations, manualPage: Bool) -> [String] {
        let data = locations.dataHome.path
        var notes = [
            IBusSetup.note(dataHome: data),
            "zsh reads _appex only if \(data)/zsh/site-functions is in fpath: add fpath=(\(data)/zsh/site-functions $fpath) before compinit in ~/.zshrc",
            "bash completion needs the bash-completion package, which loads \(data)/bash-completion/completions/appex on demand",
        ]
        notes.append(manualPage
            ? "man appex finds \(data)/man when ~/.local/bin is on PATH (man-db); otherwise add \(data)/man to MANPATH"
            : "no man page: swift-argument-parser's description of the commands could not be read")
        return notes
    }
}
