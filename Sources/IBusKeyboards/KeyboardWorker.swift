import ExtensionHost
import ExtensionUI
import KeyboardPanel

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
    /// The on-screen panel that shows the keyboard's keys, if there is one.
    let panel: KeyboardPanel?

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
            let shown = typing.failure == nil
            if shown { client.client.showAuxiliaryText(nil) }
            if let panel {
                await panel.showing(typing, name: keyboard.displayName) {
                    if shown { onShown() }
                    await handle(&iterator, typing: typing, panel: panel)
                }
            } else {
                if shown { onShown() }
                await handle(&iterator, typing: typing, panel: nil)
            }
        }
    }

    /// Hands the keyboard the commands that follow, until the context is disabled, the
    /// commands end, or the keyboard fails.
    private func handle(_ iterator: inout AsyncStream<KeyboardInputEngine.Command>.Iterator, typing: KeyboardTyping,
                        panel: KeyboardPanel?) async {
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
            // A field that became secure (or no longer is), or a keyboard that failed, changes
            // what the panel says without a new view.
            if case .key = command, typing.failure == nil { continue }
            panel?.refresh()
        }
    }
}
