import KeyboardIBus
import Synchronization

/// The engine under test. It commits each printable key upper-cased; BackSpace deletes the
/// character before the cursor; "p" shows preedit "p", "f" forwards itself, "x" shows
/// auxiliary text "aux", and "z" commits "Z" once `slowKey` opens. In a password field it handles
/// nothing. With `commitsOnReset`, a reset commits "reset".
final class FakeEngine: InputMethodEngine {
    let client: any InputMethodClient
    let log: EventLog<EngineEvent>
    let commitsOnReset: Bool
    let slowKey: Gate
    private let purpose = Mutex(InputPurpose.freeForm)

    init(name: String, client: any InputMethodClient, log: EventLog<EngineEvent>, commitsOnReset: Bool = false,
         slowKey: Gate = Gate(open: true)) {
        self.client = client
        self.log = log
        self.commitsOnReset = commitsOnReset
        self.slowKey = slowKey
        log.append(.made(name))
    }

    deinit {
        log.append(.deinitialized)
    }

    func processKey(_ key: InputMethodKey) async -> Bool {
        log.append(.key(key))
        guard !key.isRelease, !key.hasCommandModifiers, purpose.withLock({ $0 }) != .password else {
            return false
        }
        switch key.name {
        case "BackSpace":
            client.deleteSurroundingText(offset: -1, count: 1)
        case "p":
            client.updatePreedit("p", cursor: 1, visible: true)
        case "f":
            client.forward(key)
        case "x":
            client.showAuxiliaryText("aux")
        case "z":
            await slowKey.wait()
            client.commit("Z")
        default:
            guard let text = key.text else { return false }
            client.commit(text.uppercased())
        }
        return true
    }

    func focusIn() { log.append(.focusIn) }
    func focusOut() { log.append(.focusOut) }
    func enable() { log.append(.enable) }
    func disable() { log.append(.disable) }

    func reset() {
        log.append(.reset)
        if commitsOnReset { client.commit("reset") }
    }

    func surroundingTextChanged(_ text: String, cursor: Int, anchor: Int) {
        log.append(.surrounding(text, cursor: cursor, anchor: anchor))
    }

    func contentTypeChanged(purpose: InputPurpose, hints: UInt32) {
        self.purpose.withLock { $0 = purpose }
        log.append(.contentType(purpose, hints: hints))
    }
}
