import ArgumentParser
import ExtensionHost
import ExtensionManifest
import ExtensionRegistry
import ExtensionUI
import Foundation
import SystemSupport

/// `appex keyboard try`: a text field on the terminal, typed into by a keyboard extension.
struct KeyboardTryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "try",
        abstract: "Type into a text field on the terminal with a custom keyboard (exit 0, 1 if the keyboard failed, 2 on error).",
        discussion: """
            The keyboard runs in its sandbox and shows its keys under the field. A key you type presses the \
            keyboard's key with that title (its view decides what it types, as a tap on iOS would); a key it has \
            not goes straight to the field. A keyboard that crashes or does not answer within 100 ms is put out \
            of the way, and typing goes on without it. Esc or Ctrl-D ends, and the field's text is printed.

            --type types a script instead of reading the terminal: characters one by one, {BackSpace}, \
            {Return}, {space}, {Tab}, {Left}, {Right}, {Escape}, and {tap:TITLE} to tap the key titled TITLE \
            (a candidate). Without full access (--full-access says the person allowed it to a keyboard that \
            asks for RequestsOpenAccess) the keyboard has no network and only reads its app groups.
            """
    )

    @Argument(help: ArgumentHelp("The keyboard's bundle identifier (optional when one keyboard is installed).", valueName: "identifier"))
    var identifier: String?

    @Option(help: ArgumentHelp("The field's text to begin with.", valueName: "text"))
    var text = ""

    @Option(name: .customLong("type"), help: ArgumentHelp("Type this script instead of reading the terminal.", valueName: "script"))
    var script: String?

    @Flag(help: "The field is a password field: the keyboard is kept out of it.")
    var secure = false

    @Flag(name: .customLong("full-access"), help: "Allow full access to a keyboard that asks for it (RequestsOpenAccess).")
    var fullAccess = false

    @Flag(help: "With --type: print JSON.")
    var json = false

    @Option(name: .customLong("key-deadline"),
            help: ArgumentHelp("How long the keyboard may take to answer a key before typing goes on without it.", valueName: "ms"))
    var keyDeadline = 100

    @OptionGroup var homeOptions: HomeOptions
    @OptionGroup var sandboxing: SandboxOptions

    func validate() throws {
        if json, script == nil { throw ValidationError("--json goes with --type") }
        if keyDeadline < 1 { throw ValidationError("--key-deadline is \(keyDeadline); give a number of milliseconds from 1") }
    }

    func run() async throws {
        let home = homeOptions.appexHome
        let sandbox = try sandboxing.resolved()
        var options = try LaunchOptions.command(sandbox: sandbox, home: home, transfers: false)
        options.allowsKeyboardFullAccess = fullAccess
        options.keyboardKeyDeadline = .milliseconds(keyDeadline)
        let catalog = try await Offload.perform { try RegistryCatalog.open(home) }
        let installed = try await Offload.perform { try catalog.installedExtensions() }
        let keyboard = try Self.choose(identifier, among: installed)
        let lexicon = try await Offload.perform { () throws(KeyboardLexiconError) in try KeyboardLexiconFile.load(from: home) }
        let host = ExtensionHost(catalog: catalog, options: options)
        let steps: [KeyboardScript.Step]?
        do {
            steps = try script.map(KeyboardScript.parse)
        } catch {
            throw CommandFailure.report(error.description)
        }
        let field = TerminalTextField(text: text, isSecure: secure)
        let name = "\(keyboard.displayName) (\(keyboard.identifier))"
        let outcome = await host.withKeyboard(keyboard, document: field.context, isSecure: secure, client: field,
                                              needsInputModeSwitchKey: true, lexicon: lexicon) { typing in
            if let steps { return await KeyboardTryRun(typing: typing, field: field).type(steps) }
            return await KeyboardTryRun(typing: typing, field: field).interactive(name: name)
        }
        if json {
            Console.current.print(JSONOutput.render(KeyboardTryReport(keyboard: keyboard.identifier, text: field.text,
                                                                   composition: field.snapshot.preedit, keys: outcome.keys,
                                                                   notices: field.snapshot.notices, failure: outcome.failure)))
        } else {
            for notice in field.snapshot.notices { Console.current.printError("appex: " + notice) }
            Console.current.print(field.text)
        }
        if outcome.failure != nil { throw ExitCode(1) }
    }

    /// The keyboard named `identifier`, or the only one installed.
    static func choose(_ identifier: String?, among installed: [InstalledExtension]) throws -> InstalledExtension {
        try InstalledChoice(kind: "keyboard", point: ExtensionPoint.keyboard,
                            enableHint: ", as Settings › Keyboards does on iOS").choose(identifier, among: installed)
    }
}

/// What `appex keyboard try --type --json` prints.
struct KeyboardTryReport: Encodable {
    struct Key: Encodable {
        /// The step, as written (`n`, `{BackSpace}`, `{tap:你好}`).
        var key: String
        /// `keyboard` when the keyboard took it, `field` when it went straight to the field.
        var went: String
    }

    var keyboard: String
    var text: String
    /// The composition still shown (marked text not committed when typing ended).
    var composition: String
    var keys: [Key]
    var notices: [String]
    var failure: String?
}
