import ExtensionHost
import ExtensionManifest
import ExtensionUI
import KeyboardIBus
import KeyboardPanel

/// The installed keyboards as IBus input methods: one engine per keyboard in one IBus
/// component, each input context that picks one typing with it (``KeyboardInputEngine``).
///
/// ```swift
/// let service = KeyboardEngineService(host: host, keyboards: keyboards, exec: "/usr/bin/appex keyboard ibus --ibus")
/// try await service.serve(register: false)   // until IBus disconnects or the task is cancelled
/// ```
public struct KeyboardEngineService: Sendable {
    /// The component IBus reads: its engines are the keyboards.
    public let component: IBusComponent
    private let host: ExtensionHost
    private let keyboards: [String: InstalledExtension]
    private let lexicon: [KeyboardEnvironment.LexiconPair]

    /// The service for `keyboards` (the custom keyboards among them), run by `host`, started by
    /// IBus with the command line `exec`.
    public init(host: ExtensionHost, keyboards: [InstalledExtension], exec: String,
                lexicon: [KeyboardEnvironment.LexiconPair] = []) {
        let served = keyboards.filter { $0.point == ExtensionPoint.keyboard && $0.isEnabled }
        self.host = host
        self.lexicon = lexicon
        self.keyboards = Dictionary(served.map { (Self.engineName(of: $0), $0) }) { first, _ in first }
        component = IBusComponent(
            name: "org.appex.Keyboards", description: "Appex custom keyboards: iOS keyboard extensions as input methods",
            exec: exec, version: "1.0", license: "Apache-2.0", author: "Appex",
            engines: served.map(Self.engine(for:)))
    }

    /// The engine name IBus knows a keyboard by: `appex:` and its bundle identifier.
    public static func engineName(of keyboard: InstalledExtension) -> String {
        "appex:" + keyboard.identifier
    }

    /// Serves the engines until IBus disconnects or the calling task is cancelled, then ends
    /// every keyboard's process before it returns. With `register`, the component is
    /// registered with the running ibus-daemon (no file needed); without it, this is the
    /// engine IBus started from the component file. The keyboard that types shows its keys
    /// in `panel`, when there is one. `onKeyboardShown` hears each time a keyboard starts
    /// typing for an input context (its engine's name).
    public func serve(address: String? = nil, register: Bool, panel: KeyboardPanel? = nil, onReady: @escaping @Sendable () -> Void = {},
                      onKeyboardShown: @escaping @Sendable (String) -> Void = { _ in }) async throws {
        let workers = WorkerGroup()
        do {
            try await withIBusEngines(component, address: address, register: register, onReady: onReady) { [host, keyboards, lexicon] name, client in
                guard let keyboard = keyboards[name] else { return PassThroughEngine() }
                return KeyboardInputEngine(host: host, keyboard: keyboard, client: client, lexicon: lexicon, workers: workers,
                                           panel: panel, onShown: { onKeyboardShown(name) })
            }
        } catch {
            await workers.waitForAll()
            throw error
        }
        await workers.waitForAll()
    }

    /// IBus's description of `keyboard`'s engine: its name, its display name, the language of
    /// its `PrimaryLanguage` (IBus's `zh`, `en_US`).
    static func engine(for keyboard: InstalledExtension) -> IBusComponent.Engine {
        IBusComponent.Engine(name: engineName(of: keyboard), longName: keyboard.displayName,
                             description: "\(keyboard.displayName), a custom keyboard (\(keyboard.identifier))",
                             language: ibusLanguage(keyboard.declaration?.primaryLanguage), layout: "default", rank: 0)
    }

    /// IBus's language for a BCP 47 tag: the language, with a region when there is one
    /// (`zh-Hans` → `zh`, `en-US` → `en_US`, none → `other`).
    static func ibusLanguage(_ tag: String?) -> String {
        let parts: [String] = (tag ?? "").components(separatedBy: "-")
        guard let language = parts.first, !language.isEmpty else { return "other" }
        let region = parts.dropFirst().first(where: { part in part.count == 2 || (part.count == 3 && part.allSatisfy(\.isNumber)) })
        return region.map { "\(language)_\($0.uppercased())" } ?? language
    }
}

/// An engine for a name the component does not have: every key goes to the app.
final class PassThroughEngine: InputMethodEngine {
    func processKey(_ key: InputMethodKey) async -> Bool { false }
}
