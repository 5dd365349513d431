import CIBus
import Foundation
import Synchronization

/// The client application: Resources/ibus_client.py in `client` mode, an input context of
/// its own with the engine set and focused.
final class IBusTestClient: Sendable {
    /// What the app asks of IBus: preedit, auxiliary text, focus and surrounding text.
    static let capabilities = IBUS_CAP_PREEDIT_TEXT.rawValue | IBUS_CAP_AUXILIARY_TEXT.rawValue
        | IBUS_CAP_FOCUS.rawValue | IBUS_CAP_SURROUNDING_TEXT.rawValue

    /// Everything the client reported, in order.
    let events = EventLog<ClientEvent>()
    private let process: ChildProcess
    private let nextKeyID = Mutex(0)

    private init(process: ChildProcess) {
        self.process = process
        let events = self.events
        Task {
            var index = 0
            while let line = await process.lines.first(from: index, where: { _ in true }) {
                index += 1
                if let event = try? JSONDecoder().decode(ClientEvent.self, from: Data(line.utf8)) {
                    events.append(event)
                } else {
                    events.append(ClientEvent(event: "unparsed", text: line))
                }
            }
            events.finish()
        }
    }

    /// Runs `body` with a client whose input context uses engine `engine`, stopping the client
    /// afterwards.
    static func with<T>(_ daemon: IBusDaemon, engine: String, capabilities: UInt32 = capabilities,
                        _ body: (IBusTestClient) async throws -> T) async throws -> T {
        let process = try ChildProcess(name: "ibus_client.py", executable: TestEnvironment.python,
                                       arguments: [TestEnvironment.clientScript, "client", engine, String(capabilities)],
                                       environment: daemon.environment)
        let client = IBusTestClient(process: process)
        do {
            _ = try await client.event { $0.event == "ready" }
            let result = try await body(client)
            client.send(["cmd": "quit"])
            await process.waitForExit()
            return result
        } catch {
            process.kill()
            await process.waitForExit()
            throw error
        }
    }

    /// Sends one command.
    func send(_ command: [String: any Sendable]) {
        // The commands are the tests' own dictionaries of strings and numbers; one that is not
        // JSON is a test's mistake, which the client reports as an unparsed line.
        let data = (try? JSONSerialization.data(withJSONObject: command)) ?? Data("not JSON: \(command)".utf8)
        process.write(line: String(decoding: data, as: UTF8.self))
    }

    /// The first event (from index `from`) that matches; throws, with the client's standard
    /// error, if the client ends first.
    @discardableResult
    func event(from: Int = 0, where matches: @escaping @Sendable (ClientEvent) -> Bool) async throws -> ClientEvent {
        guard let event = await events.first(from: from, where: matches) else {
            throw HarnessError("the client ended first: \(process.standardError)")
        }
        return event
    }

    /// Sends a key and returns whether IBus reported it handled.
    func key(_ keyval: Int32, state: UInt32 = 0) async throws -> Bool {
        let id = sendKey(keyval, state: state)
        return try await event { $0.event == "key" && $0.id == id }.handled ?? false
    }

    /// Sends a key without waiting; its id in the "key" event.
    func sendKey(_ keyval: Int32, state: UInt32 = 0) -> Int {
        let id = nextKeyID.withLock { id in
            id += 1
            return id
        }
        send(["cmd": "key", "id": id, "keyval": Int(keyval), "keycode": 0, "state": Int(state)])
        return id
    }

    /// The texts of the commit events so far.
    var commits: [String] { events.events.filter { $0.event == "commit" }.compactMap(\.text) }
}
