import ArgumentParser

/// `appex keyboard`: custom keyboards, typed with on a terminal or through IBus.
struct KeyboardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keyboard",
        abstract: "Type with a custom keyboard extension (com.apple.keyboard-service).",
        discussion: """
            A custom keyboard is an iOS UIInputViewController: the keys it shows type through its \
            textDocumentProxy. appex keyboard try gives it a text field on the terminal; appex keyboard ibus \
            makes every installed keyboard an input method of every app (appex setup registers it). \
            docs/KEYBOARDS.md has the rest.
            """,
        subcommands: [KeyboardTryCommand.self, KeyboardIBusCommand.self, KeyboardFullAccessCommand.self]
    )
}
