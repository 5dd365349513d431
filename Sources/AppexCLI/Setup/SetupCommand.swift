import ArgumentParser
import Foundation

/// `appex setup`: desktop integration for the user: the "Share…" entry in file managers,
/// shell completions and the man page; `--remove` takes them away again.
struct SetupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "setup",
        abstract: "Install Share… in file managers, shell completions and a man page.",
        discussion: """
            Writes, for the current user: a desktop entry "Share…" (GNOME Files' Open With), \
            Thunar's Send To entry, Dolphin's service menu, a Nemo action and a Caja action, \
            each running `appex share --ui web` with the selection; bash, zsh and fish \
            completions; and the man page appex.1. Paths follow XDG_DATA_HOME and \
            XDG_CONFIG_HOME (docs/SETUP.md lists them).

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

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        do throws(SetupError) {
            let locations = try SetupLocations.resolve(dataHome: dataHome, configHome: configHome,
                                                       environment: ProcessInfo.processInfo.environment)
            let record = try SetupRecord.load(locations.record)
            if remove {
                let statuses = try SetupRemover(recordURL: locations.record).remove(record)
                finish(SetupReport(operation: "remove", files: statuses, record: locations.record.path))
                return
            }
            let program = if let executable { executable } else { try SetupPlan.runningExecutable() }
            let files = try SetupPlan.files(locations, executable: program)
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

    /// What the user may still have to do after setup.
    static func notes(_ locations: SetupLocations, manualPage: Bool) -> [String] {
        let data = locations.dataHome.path
        var notes = [
            "zsh reads _appex only if \(data)/zsh/site-functions is in fpath: add fpath=(\(data)/zsh/site-functions $fpath) before compinit in ~/.zshrc",
            "bash completion needs the bash-completion package, which loads \(data)/bash-completion/completions/appex on demand",
        ]
        notes.append(manualPage
            ? "man appex finds \(data)/man when ~/.local/bin is on PATH (man-db); otherwise add \(data)/man to MANPATH"
            : "no man page: swift-argument-parser's description of the commands could not be read")
        return notes
    }
}
