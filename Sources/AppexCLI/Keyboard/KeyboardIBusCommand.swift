import ArgumentParser
import Foundation
import Glibc
import SystemSupport

/// `appex keyboard ibus`: the IBus engine that makes every installed keyboard an input
/// method; it becomes `appex-ibus-engine`, which lies beside appex, so that appex itself
/// links no IBus library.
struct KeyboardIBusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ibus",
        abstract: "Serve the installed keyboards to IBus as input methods (appex setup registers this).",
        discussion: """
            IBus starts it (with --ibus) when the person picks one of the keyboards in IBus's settings; \
            --register serves them without the component file appex setup writes (for trying, and tests). \
            Each input context that picks a keyboard runs it in its sandbox while it has the focus; keys the \
            keyboard takes are committed through it, others go to the app. The keyboard's keys show in a small \
            Chromium window (the on-screen panel; without a screen its address is printed). docs/KEYBOARDS.md has the rest.
            """)

    @Flag(help: "Started by ibus-daemon from the component file.")
    var ibus = false

    @Flag(help: "Register the component with the running ibus-daemon instead of being started by it.")
    var register = false

    @Flag(help: "Print the engines' XML (for the component file's <engines exec=…>) and exit.")
    var xml = false

    @Flag(help: "Do not show the keyboard's keys in the on-screen panel (a small Chromium window).")
    var noPanel = false

    @Option(help: ArgumentHelp("The Chromium that shows the panel (a path, or a name on PATH; default: chromium).", valueName: "path"))
    var browser: String?

    @Option(name: .customLong("key-deadline"),
            help: ArgumentHelp("How long a keyboard may take to answer a key before typing goes on without it.", valueName: "ms"))
    var keyDeadline = 100

    @OptionGroup var homeOptions: HomeOptions
    @OptionGroup var sandboxing: SandboxOptions

    func validate() throws {
        if ibus && register { throw ValidationError("--ibus and --register contradict each other: ibus-daemon starts an engine it knows") }
        if keyDeadline < 1 { throw ValidationError("--key-deadline is \(keyDeadline); give a number of milliseconds from 1") }
    }

    func run() async throws {
        guard let own = ExecutableSearch.running else { throw CommandFailure.report("cannot find the running appex executable") }
        let engine = URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent("appex-ibus-engine").path
        guard access(engine, X_OK) == 0 else {
            throw CommandFailure.report("\(engine) is missing: the IBus engine is a program of its own beside appex (swift build builds it)")
        }
        var arguments = [engine, "--home", homeOptions.appexHome.root.standardizedFileURL.path]
        if ibus { arguments.append("--ibus") }
        if register { arguments.append("--register") }
        if xml { arguments.append("--xml") }
        arguments += ["--key-deadline", String(keyDeadline)]
        if noPanel { arguments.append("--no-panel") }
        if let browser { arguments += ["--browser", browser] }
        if sandboxing.noSandbox { arguments.append("--no-sandbox") }
        if let kind = sandboxing.sandbox { arguments += ["--sandbox", kind.rawValue] }
        let cArguments = arguments.map { strdup($0) } + [nil]
        execv(engine, cArguments)
        let reason = SystemErrorText.text(errno)
        cArguments.forEach { free($0) }
        throw CommandFailure.report("cannot run \(engine): \(reason)")
    }
}
