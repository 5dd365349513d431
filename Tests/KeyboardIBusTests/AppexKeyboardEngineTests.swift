import CIBus
import ExtensionHost
import Foundation
import HostTestSupport
import IBusKeyboards
import KeyboardIBus
import KeyboardPanel
import Synchronization
import Testing

extension ServingTests.IBusDaemonTests {
    /// An installed custom keyboard (the fixture's FixtureKeyboard) as an IBus input method:
    /// a real ibus-daemon, the keyboard in its sandbox, IBus's Python bindings as the app.
    @Suite struct AppexKeyboardEngine {
        static let engine = "appex:com.example.fixture.Keys"

        /// Serves the fixture keyboard on `daemon`, runs `body` with a client of it once the
        /// keyboard shows, and stops the service (ending the keyboard) before returning.
        /// Keys may take up to 60 s (`keyDeadline`) but in the hang's test: the suite runs on CI's two
        /// loaded cores, where a healthy keyboard can take longer than the 100 ms a person gets.
        func typing<T: Sendable>(on daemon: IBusDaemon, capabilities: UInt32 = IBusTestClient.capabilities,
                                 keyDeadline: Duration = .seconds(60), panel: KeyboardPanel? = nil,
                                 _ body: @escaping @Sendable (IBusTestClient) async throws -> T) async throws -> T {
            let fixture = try FixtureInstallation.make(point: "com.apple.keyboard-service", identifier: "com.example.fixture.Keys",
                                                       attributes: ["PrimaryLanguage": "en-US"], rule: [:])
            defer { fixture.remove() }
            var options = FixtureInstallation.options("echo", sandbox: preferredSandboxMode)
            options.keyboardKeyDeadline = keyDeadline
            let service = KeyboardEngineService(host: ExtensionHost(catalog: FixedCatalog([fixture.installed]), options: options),
                                                keyboards: [fixture.installed], exec: "/bin/false --ibus")
            #expect(service.component.engines.map(\.name) == [Self.engine])
            #expect(service.component.engines.first?.language == "en_US")
            let (ready, readySignal) = AsyncStream.makeStream(of: Void.self)
            let (shown, shownSignal) = AsyncStream.makeStream(of: String.self)
            return try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask {
                    // However the service ends, nobody waits for it to be ready or to show a keyboard.
                    defer {
                        readySignal.finish()
                        shownSignal.finish()
                    }
                    try await service.serve(address: daemon.address, register: true, panel: panel, onReady: { readySignal.yield() },
                                            onKeyboardShown: { shownSignal.yield($0) })
                    return nil
                }
                var isReady = false
                for await _ in ready {
                    isReady = true
                    break
                }
                guard isReady else {
                    // The service ended first: its error says why.
                    while try await group.next() != nil {}
                    throw HarnessError("the keyboard service ended before ibus-daemon could make its engines")
                }
                let result = try await IBusTestClient.with(daemon, engine: Self.engine, capabilities: capabilities) { client in
                    var isShown = false
                    for await name in shown where name == Self.engine {
                        isShown = true
                        break
                    }
                    try #require(isShown, "the fixture keyboard never showed")
                    return try await body(client)
                }
                group.cancelAll()
                while let next = try await group.next() { _ = next }
                return result
            }
        }

        @Test func thePanelShowsTheKeysAndAClickOnOneIsCommitted() async throws {
            try await withIBusDaemon { daemon in
                try await KeyboardPanel.with { panel, _ in
                    try await typing(on: daemon, panel: panel) { client in
                        let content = panel.content
                        #expect(content.name != nil && content.status.isEmpty, "\(content)")
                        let showing = try #require(content.showing, "the panel shows no keyboard: \(content.status)")
                        let key = try #require(content.lines.joined().first { $0.text == "h" }, "no key h in the panel: \(content.lines)")
                        #expect(await panel.tap(key.id, showing: showing))
                        try await client.event { $0.event == "commit" && $0.text == "h" }
                        #expect(await panel.tap(key.id, showing: showing + 1) == false, "a tap meant for another showing is dropped")
                        // A password field: the panel says the keyboard is out of the way.
                        let updates = panel.watch()
                        client.send(["cmd": "content_type", "purpose": Int(IBUS_INPUT_PURPOSE_PASSWORD.rawValue), "hints": 0])
                        var secure: KeyboardPanelContent?
                        for await update in updates where update.status.contains("secure field") {
                            secure = update
                            break
                        }
                        #expect(try #require(secure, "the panel never said the field is secure").lines.isEmpty)
                        // The app's caret moved: the panel's window is to go below it.
                        client.send(["cmd": "cursor", "x": 300, "y": 420, "width": 2, "height": 18])
                        var placed: KeyboardPanel.Anchor?
                        for await anchor in panel.placements {
                            placed = anchor
                            break
                        }
                        #expect(placed == KeyboardPanel.Anchor(x: 300, y: 420, width: 2, height: 18))
                        #expect(placed.map { $0.windowOrigin.left == 300 && $0.windowOrigin.top == 444 } == true)
                    }
                    #expect(panel.content.showing == nil, "the engine ended: no keyboard shows")
                }
            }
        }

        @Test func typingThroughTheKeyboardCommitsItsText() async throws {
            try await withIBusDaemon { daemon in
                try await typing(on: daemon) { client in
                    #expect(try await client.key(IBUS_KEY_h))
                    #expect(try await client.key(IBUS_KEY_h, state: IBUS_RELEASE_MASK.rawValue), "the release of a key the keyboard took")
                    #expect(try await client.key(IBUS_KEY_i))
                    #expect(try await client.key(IBUS_KEY_space))
                    // Keys the keyboard has not, and shortcuts, are the app's.
                    #expect(try await client.key(IBUS_KEY_1) == false)
                    #expect(try await client.key(IBUS_KEY_a, state: IBUS_CONTROL_MASK.rawValue) == false)
                    try await client.event { $0.event == "commit" && $0.text == " " }
                    #expect(client.commits == ["h", "i", " "])
                }
            }
        }

        @Test func deleteBackwardDeletesAcrossACJKCharacter() async throws {
            try await withIBusDaemon { daemon in
                try await typing(on: daemon) { client in
                    client.send(["cmd": "surrounding", "text": "你好👍🏽", "cursor": 4, "anchor": 4])
                    #expect(try await client.key(IBUS_KEY_BackSpace))
                    let emoji = try await client.event { $0.event == "delete" }
                    #expect(emoji.offset == -2 && emoji.count == 2, "👍🏽 is one Character, two scalars")
                    #expect(try await client.key(IBUS_KEY_BackSpace))
                    let cjk = try await client.event { $0.event == "delete" && $0.field == "你" }
                    #expect(cjk.offset == -1 && cjk.count == 1)
                }
            }
        }

        @Test func theContextBeforeInputIsWhatTheClientReported() async throws {
            try await withIBusDaemon { daemon in
                try await typing(on: daemon) { client in
                    client.send(["cmd": "surrounding", "text": "hello world", "cursor": 5, "anchor": 5])
                    #expect(try await client.key(IBUS_KEY_asciicircum))
                    let context = try await client.event { $0.event == "commit" }
                    #expect(context.text == "[hello| world|1]", "the text around the cursor, announced once")
                }
            }
        }

        @Test func aResetCommitsTheComposition() async throws {
            try await withIBusDaemon { daemon in
                try await typing(on: daemon) { client in
                    #expect(try await client.key(IBUS_KEY_asterisk))
                    try await client.event { $0.event == "preedit" && $0.text == "mark" }
                    client.send(["cmd": "reset"])
                    let committed = try await client.event { $0.event == "commit" }
                    #expect(committed.text == "mark", "the composition's text stays in the field, as iOS keeps marked text")
                }
            }
        }

        @Test func aPasswordFieldBypassesTheKeyboard() async throws {
            try await withIBusDaemon { daemon in
                try await typing(on: daemon) { client in
                    client.send(["cmd": "content_type", "purpose": Int(IBUS_INPUT_PURPOSE_PASSWORD.rawValue), "hints": 0])
                    client.send(["cmd": "surrounding", "text": "hunter2", "cursor": 7, "anchor": 7])
                    #expect(try await client.key(IBUS_KEY_a) == false, "the app types the password itself")
                    #expect(try await client.key(IBUS_KEY_asciicircum) == false)
                    client.send(["cmd": "content_type", "purpose": Int(IBUS_INPUT_PURPOSE_FREE_FORM.rawValue), "hints": 0])
                    client.send(["cmd": "surrounding", "text": "plain", "cursor": 5, "anchor": 5])
                    #expect(try await client.key(IBUS_KEY_asciicircum))
                    let seen = try await client.event { $0.event == "commit" }
                    #expect(seen.text?.hasPrefix("[plain||") == true, "\(seen)")
                    #expect(seen.text?.contains("hunter") == false)
                    #expect(client.commits.count == 1)
                }
            }
        }

        enum Failure: String, CaseIterable, CustomTestStringConvertible {
            case crash, hang
            var keyval: Int32 { self == .crash ? IBUS_KEY_exclam : IBUS_KEY_asciitilde }
            var keyDeadline: Duration { self == .hang ? .milliseconds(100) : .seconds(60) }
            var testDescription: String { self == .crash ? "a crashing keyboard" : "a hanging keyboard" }
        }

        @Test(arguments: Failure.allCases)
        func aFailingKeyboardFallsBackToDirectInput(failure: Failure) async throws {
            try await withIBusDaemon { daemon in
                try await typing(on: daemon, keyDeadline: failure.keyDeadline) { client in
                    if failure == .crash { #expect(try await client.key(IBUS_KEY_a)) }
                    let started = ContinuousClock.now
                    #expect(try await client.key(failure.keyval) == false, "the key that made it fail goes to the app")
                    let waited = started.duration(to: .now)
                    // A bound for a regression that waits on the keyboard (ibus-daemon's own is 15 s), not a speed check: the answer comes at the deadline or the crash.
                    #expect(waited < .seconds(10), "\(waited)")
                    let said = try await client.event { $0.event == "auxiliary" && $0.text?.contains("keys now go straight to the app") == true }
                    if failure == .hang { #expect(said.text?.contains("key-timed-out") == true, "\(said)") }
                    #expect(try await client.key(IBUS_KEY_b) == false, "typing goes on without it")
                    #expect(client.commits == (failure == .crash ? ["a"] : []))
                    #expect(client.events.events.filter { $0.event == "auxiliary" && $0.text?.contains("keys now go straight") == true }.count == 1,
                            "said once")
                }
            }
        }

        @Test func theNetworkIsRefusedWithoutOpenAccess() async throws {
            try requireSandbox(preferredSandboxMode)
            try await withIBusDaemon { daemon in
                try await typing(on: daemon) { client in
                    #expect(try await client.key(IBUS_KEY_at))
                    let tried = try await client.event { $0.event == "commit" }
                    #expect(tried.text?.hasPrefix("net:") == true && tried.text != "net:ok", "\(tried)")
                }
            }
        }
    }
}
