import ExtensionHost
import ExtensionUI

/// Runs an installed keyboard in its own (by default sandboxed) process, through the same
/// ``ExtensionHost/withKeyboard(_:document:client:needsInputModeSwitchKey:lexicon:_:)`` that
/// `appex keyboard try` and the IBus engine use.
public struct ChildProcessKeyboardRunner: KeyboardRunner {
    private let installed: InstalledExtension
    private let options: LaunchOptions

    /// A runner for `installed`.
    public init(_ installed: InstalledExtension, options: LaunchOptions = LaunchOptions()) {
        self.installed = installed
        self.options = options
    }

    public func type(_ steps: [KeyboardStep], into document: TextDocumentContext, environment: KeyboardEnvironment) async -> KeyboardRun {
        var options = options
        options.allowsKeyboardFullAccess = environment.hasFullAccess
        let host = ExtensionHost(catalog: FixedCatalog([installed]), options: options)
        let recorder = TextInputRecorder()
        let (initial, taken, final) = await host.withKeyboard(installed, document: document, client: recorder,
                                                              needsInputModeSwitchKey: environment.needsInputModeSwitchKey,
                                                              lexicon: environment.lexicon) { typing in
            let initial = typing.shown
            var taken: [Bool?] = []
            for step in steps {
                switch step {
                case .press(let key):
                    taken.append(await typing.press(key))
                case .tap(let title):
                    let key = typing.shown?.elements.first { $0.kind == .button && $0.text == title }
                    if let key, let reply = await typing.tap(key.id) { taken.append(reply.refusal == nil) } else { taken.append(false) }
                case .documentChange(let change):
                    await typing.documentDidChange(to: change)
                    taken.append(nil)
                }
            }
            return (initial, taken, typing.document)
        }
        return KeyboardRun(initial: initial, taken: taken, calls: recorder.calls, document: final)
    }
}
