import AppExtensions
import ExtensionManifest
import ExtensionUI
import ExtensionWire

extension ExtensionHost {
    /// Runs the keyboard `installed` for as long as `body` runs, typing into `document`.
    ///
    /// ```swift
    /// try await host.withKeyboard(installed, document: field, client: app) { typing in
    ///     _ = await typing.press(KeyPress(characters: "n", keyCode: .init(rawValue: 17)))
    /// }
    /// ```
    ///
    /// `body` runs once the keyboard shows its view (or failed to). The keyboard learns the
    /// field before its view loads (nothing of it when `isSecure`: the keyboard is out of the
    /// way until a field that is not secure comes); it learns (`textDocumentProxy`), and
    /// whether it has full access (``hasFullAccess(_:)``); its edits reach `client` in the
    /// order made. The keyboard's process lives as long as `body`, without the wall-clock
    /// limit other extensions have. A keyboard that fails — crashes, hangs past
    /// ``KeyboardTyping/keyDeadline``, breaks the protocol — leaves `typing` in direct
    /// input: keys go to the app (docs/KEYBOARDS.md, "When a keyboard fails").
    public func withKeyboard<Result, Failure: Error>(
        _ installed: InstalledExtension, document: TextDocumentContext, isSecure: Bool = false, client: any TextInputClient,
        needsInputModeSwitchKey: Bool = false, lexicon: [KeyboardEnvironment.LexiconPair] = [],
        _ body: (KeyboardTyping) async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        var host = self
        host.options.wallClock = nil
        let environment = KeyboardEnvironment(hasFullAccess: hasFullAccess(installed), needsInputModeSwitchKey: needsInputModeSwitchKey,
                                              lexicon: lexicon)
        // A secure first field is not shown to the keyboard, not even in its request.
        let setup = KeyboardSetup(document: isSecure ? TextDocumentContext(documentIdentifier: document.documentIdentifier) : document,
                                  environment: environment)
        return try await host.withSession(installed, items: [], configuration: nil, keyboard: setup) { session throws(Failure) in
            let typing = KeyboardTyping(session: session, client: client, document: setup.document, isSecure: isSecure)
            session.deliverTextEdits { typing.apply($0) }
            // Keys go to the keyboard once it shows; one that never does has failed.
            if await session.viewSnapshot() == nil { typing.keyboardFailed() }
            return try await body(typing)
        }
    }
}
