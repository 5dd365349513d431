import Foundation
import CIBus
import KeyboardIBus
import Testing

extension ServingTests.IBusDaemonTests {
    /// How `withIBusEngines` ends, and what it leaves behind.
    @Suite struct EngineLifecycle {
        @Test func cancellationEndsTheLoopThreadAndFreesTheEngines() async throws {
            let log = EventLog<EngineEvent>()
            #expect(try loopThreadCount() == 0)
            try await withIBusDaemon { daemon in
                let serving = ServingTask(on: daemon, log: log)
                try await serving.waitUntilReady()
                #expect(try loopThreadCount() == 1)
                try await IBusTestClient.with(daemon, engine: "appex:test") { client in
                    #expect(try await client.key(IBUS_KEY_a))
                    try await serving.stop()
                    #expect(try loopThreadCount() == 0)
                    // The engine is gone: ibus-daemon answers keys itself.
                    #expect(try await client.key(IBUS_KEY_b) == false)
                    #expect(client.commits == ["A"])
                }
                let listed = try await daemon.listEngines()
                #expect(!listed.contains("appex:test"))
            }
            let made = log.events.filter { if case .made = $0 { true } else { false } }.count
            let freed = log.events.filter { $0 == .deinitialized }.count
            #expect(made == 1)
            #expect(freed == made)
        }

        @Test func cancellationWhileAKeyIsBeingProcessedStillAnswersIt() async throws {
            let log = EventLog<EngineEvent>()
            let slowKey = Gate()
            try await withIBusDaemon { daemon in
                let serving = ServingTask(on: daemon, log: log, slowKey: slowKey)
                try await serving.waitUntilReady()
                try await IBusTestClient.with(daemon, engine: "appex:test") { client in
                    // "z" waits until the engine has been destroyed and the key answered.
                    let id = client.sendKey(IBUS_KEY_z)
                    _ = await log.first { if case .key = $0 { true } else { false } }
                    async let stopped: Void = serving.stop()
                    let answer = try await client.event { $0.event == "key" && $0.id == id }
                    slowKey.open()
                    try await stopped
                    #expect(try loopThreadCount() == 0)
                    #expect(answer.handled == false)
                    #expect(client.commits.isEmpty)
                    // Answered by the engine before its connection closed, not failed by ibus-daemon.
                    #expect(!client.events.events.contains { $0.event == "error" })
                }
            }
            #expect(log.events.filter { $0 == .deinitialized }.count == 1)
        }

        @Test func aDisconnectingBusEndsServingWithoutError() async throws {
            let log = EventLog<EngineEvent>()
            try await withIBusDaemon { daemon in
                let serving = ServingTask(on: daemon, log: log)
                try await serving.waitUntilReady()
                try await IBusTestClient.with(daemon, engine: "appex:test") { client in
                    #expect(try await client.key(IBUS_KEY_a))
                    daemon.stop()
                    try await serving.task.value
                }
            }
            #expect(try loopThreadCount() == 0)
            #expect(log.events.filter { $0 == .deinitialized }.count == 1)
        }

        @Test func aSecondOwnerOfTheBusNameIsRefused() async throws {
            let log = EventLog<EngineEvent>()
            try await withIBusDaemon(components: [testComponent]) { daemon in
                let first = ServingTask(on: daemon, register: false, log: log)
                try await first.waitUntilReady()
                let error = await #expect(throws: IBusError.self) {
                    try await withIBusEngines(testComponent, address: daemon.address, register: false) { name, client in
                        FakeEngine(name: name, client: client, log: log)
                    }
                }
                #expect(error?.code == .nameNotAcquired)
                #expect(error?.message.contains(testComponent.name) == true)
                try await first.stop()
            }
        }
    }
}
