import ExtensionHost
import ExtensionUI

/// The task behind one ``KeyboardInputEngine``: IBus's calls, in order, to the keyboard it
/// runs while the context has the focus.
struct KeyboardWorker: Sendable {
    let host: ExtensionHost
    let keyboard: InstalledExtension
    let client: IBusTextClient
    let lexicon: [KeyboardEnvironment.LexiconPair]
    let shared: KeyboardInputEngine.Shared
    /// Told when the keyboard shows and keys go to it.
    let onShown: @Sendable () -> Void

    /// Serves `commands` until they end.
    func serve(_ commands: AsyncStream<KeyboardInputEngine.Command>) async {
        var iterator = commands.makeAsyncIterator()
        while let command = await iterator.next() {
            switch command {
            case .focusIn:
                await typeWithKeyboard(&iterator)
            case .key(_, let reply):
                // No keyboard is showing: the app gets the key.
                reply.resume(returning: false)
            case .field, .disable, .endComposition:
                break
            }
        }
    }

    /// Runs the keyboard for the focused field and hands it the commands that follow, until
    /// the context is disabled, the commands end, or the keyboard fails.
    private func typeWithKeyboard(_ iterator: inout AsyncStream<KeyboardInputEngine.Command>.Iterator) async {
        let field = shared.state.withLock { $0.field }
        // Said while the keyboard starts (its sandbox, its view), and taken away once it shows.
        client.client.showAuxiliaryText("\(keyboard.displayName) is starting: keys go to the app until it shows")
        await host.withKeyboard(keyboard, document: field.document, isSecure: field.isSecure, client: client, lexicon: lexicon) { typing in
            shared.state.withLock { $0.ready = typing.failure == nil }
            defer { shared.state.withLock { $0.ready = false } }
            if typing.failure == nil {
                client.client.showAuxiliaryText(nil)
                onShown()
            }
            while typing.failure == nil, let command = await iterator.next() {
                switch command {
                case .key(let press, let reply):
                    reply.resume(returning: await typing.press(press))
                case .field(let document, let isSecure):
                    await typing.documentDidChange(to: document, isSecure: isSecure)
                case .focusIn:
                    // Another field of the same context: the keyboard hears the new document.
                    let now = shared.state.withLock { $0.field }
                    await typing.documentDidChange(to: now.document, isSecure: now.isSecure)
                case .endComposition:
                    await typing.commitComposition()
                case .disable:
                    return
                }
            }
        }
    }
}
