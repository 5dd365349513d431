import CIBus
import KeyboardIBus
import Testing

extension ServingTests.IBusDaemonTests {
    /// A client's keys reach the Swift engine through ibus-daemon, and the engine's doings
    /// reach the client.
    @Suite struct EngineRoundTrip {
        @Test func committedTextReachesTheClient() async throws {
            let log = EventLog<EngineEvent>()
            try await withIBusDaemon { daemon in
                try await serving(on: daemon, log: log) {
                    try await IBusTestClient.with(daemon, engine: "appex:test") { client in
                        #expect(try await client.key(IBUS_KEY_h))
                        #expect(try await client.key(IBUS_KEY_i))
                        #expect(try await client.key(IBUS_KEY_i, state: IBUS_RELEASE_MASK.rawValue) == false)
                        try await client.event { $0.event == "commit" && $0.text == "I" }
                        #expect(client.commits == ["H", "I"])
                    }
                }
            }
            let keys = log.events.compactMap { event -> String? in
                guard case .key(let key) = event else { return nil }
                return (key.isRelease ? "-" : "+") + key.name
            }
            #expect(log.events.first == .made("appex:test"))
            #expect(keys == ["+h", "+i", "-i"])
            #expect(log.events.contains(.enable) && log.events.contains(.focusIn))
        }

        @Test func backSpaceDeletesOneCJKCharacterOfTheSurroundingText() async throws {
            let log = EventLog<EngineEvent>()
            try await withIBusDaemon { daemon in
                try await serving(on: daemon, log: log) {
                    try await IBusTestClient.with(daemon, engine: "appex:test") { client in
                        // The engine asked for surrounding text when it was enabled.
                        try await client.event { $0.event == "require_surrounding" }
                        client.send(["cmd": "surrounding", "text": "你好", "cursor": 2, "anchor": 2])
                        _ = await log.first { $0 == .surrounding("你好", cursor: 2, anchor: 2) }
                        #expect(try await client.key(IBUS_KEY_BackSpace))
                        let deletion = try await client.event { $0.event == "delete" }
                        #expect(deletion.offset == -1)
                        #expect(deletion.count == 1)
                        #expect(deletion.field == "你")
                    }
                }
            }
        }

        /// Surrounding text and positions as a client reports them, counted in characters.
        struct Surrounding: Sendable, CustomTestStringConvertible {
            var name: String
            var text: String
            var cursor: Int
            var anchor: Int
            var testDescription: String { name }
        }

        @Test(arguments: [
            Surrounding(name: "ASCII, cursor at the end", text: "hello", cursor: 5, anchor: 5),
            Surrounding(name: "CJK with a selection", text: "你好世界", cursor: 4, anchor: 2),
            Surrounding(name: "emoji counts as one character", text: "a👍b", cursor: 2, anchor: 2),
            Surrounding(name: "accents, cursor at the start", text: "héllo wörld", cursor: 0, anchor: 0),
        ])
        func surroundingTextReachesTheEngine(_ surrounding: Surrounding) async throws {
            let log = EventLog<EngineEvent>()
            try await withIBusDaemon { daemon in
                try await serving(on: daemon, log: log) {
                    try await IBusTestClient.with(daemon, engine: "appex:test") { client in
                        try await client.event { $0.event == "require_surrounding" }
                        client.send(["cmd": "surrounding", "text": surrounding.text,
                                     "cursor": surrounding.cursor, "anchor": surrounding.anchor])
                        let expected = EngineEvent.surrounding(surrounding.text, cursor: surrounding.cursor,
                                                               anchor: surrounding.anchor)
                        let received = await log.first { if case .surrounding = $0 { true } else { false } }
                        #expect(received == expected)
                    }
                }
            }
        }

        @Test func contentTypeReachesTheEngineAndPasswordFieldsGetNoText() async throws {
            let log = EventLog<EngineEvent>()
            try await withIBusDaemon { daemon in
                try await serving(on: daemon, log: log) {
                    try await IBusTestClient.with(daemon, engine: "appex:test") { client in
                        let hints = IBUS_INPUT_HINT_PRIVATE.rawValue
                        client.send(["cmd": "content_type", "purpose": Int(InputPurpose.password.ibusPurpose),
                                     "hints": Int(hints)])
                        _ = await log.first { $0 == .contentType(.password, hints: hints) }
                        #expect(try await client.key(IBUS_KEY_a) == false)
                        client.send(["cmd": "content_type", "purpose": Int(InputPurpose.email.ibusPurpose), "hints": 0])
                        _ = await log.first { $0 == .contentType(.email, hints: 0) }
                        #expect(try await client.key(IBUS_KEY_b))
                        try await client.event { $0.event == "commit" }
                        #expect(client.commits == ["B"])
                    }
                }
            }
        }

        @Test func preeditForwardedKeysAndAuxiliaryTextReachTheClient() async throws {
            let log = EventLog<EngineEvent>()
            try await withIBusDaemon { daemon in
                try await serving(on: daemon, log: log) {
                    try await IBusTestClient.with(daemon, engine: "appex:test") { client in
                        #expect(try await client.key(IBUS_KEY_p))
                        let preedit = try await client.event { $0.event == "preedit" && $0.text == "p" }
                        #expect(preedit.cursor == 1)
                        #expect(preedit.visible == true)
                        #expect(try await client.key(IBUS_KEY_f))
                        let forwarded = try await client.event { $0.event == "forward" }
                        #expect(forwarded.keyval == UInt32(IBUS_KEY_f))
                        #expect(try await client.key(IBUS_KEY_x))
                        // (ibus-daemon clears the auxiliary text when the engine is set.)
                        let auxiliary = try await client.event { $0.event == "auxiliary" && $0.text == "aux" }
                        #expect(auxiliary.visible == true)
                    }
                }
            }
        }

        @Test func aSlowKeyLeavesTheLoopServingOtherCalls() async throws {
            let log = EventLog<EngineEvent>()
            let slowKey = Gate()
            try await withIBusDaemon { daemon in
                try await serving(on: daemon, log: log, commitsOnReset: true, slowKey: slowKey) {
                    try await IBusTestClient.with(daemon, engine: "appex:test") { client in
                        let start = client.events.events.count
                        // "z" waits until the reset sent after it has been served.
                        let id = client.sendKey(IBUS_KEY_z)
                        client.send(["cmd": "reset"])
                        try await client.event(from: start) { $0.event == "commit" && $0.text == "reset" }
                        slowKey.open()
                        let answer = try await client.event(from: start) { $0.event == "key" && $0.id == id }
                        #expect(answer.handled == true)
                        try await client.event(from: start) { $0.event == "commit" && $0.text == "Z" }
                        let events = Array(client.events.events.dropFirst(start))
                        let resetCommit = try #require(events.firstIndex { $0.event == "commit" && $0.text == "reset" })
                        let keyAnswer = try #require(events.firstIndex { $0.event == "key" && $0.id == id })
                        #expect(resetCommit < keyAnswer)
                        #expect(client.commits == ["reset", "Z"])
                    }
                }
            }
        }
    }
}
