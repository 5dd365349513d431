import CIBus
import KeyboardIBus
import Testing

extension ServingTests.IBusDaemonTests {
    /// A component ibus-daemon reads as XML from IBUS_COMPONENT_PATH, rather than one
    /// registered at run time.
    @Suite struct ComponentInstall {
        @Test func theDaemonListsTheEngineOfAnInstalledXMLFile() async throws {
            try await withIBusDaemon(components: [testComponent]) { daemon in
                let names = try await daemon.listEngines()
                #expect(names.contains("appex:test"))
            }
        }

        @Test func anInstalledComponentIsServedOnceItsBusNameIsOwned() async throws {
            let log = EventLog<EngineEvent>()
            try await withIBusDaemon(components: [testComponent]) { daemon in
                try await serving(on: daemon, register: false, log: log) {
                    try await IBusTestClient.with(daemon, engine: "appex:test") { client in
                        #expect(try await client.key(IBUS_KEY_q))
                        try await client.event { $0.event == "commit" }
                        #expect(client.commits == ["Q"])
                    }
                }
            }
        }

        @Test func aRegisteredComponentIsListedWhileServed() async throws {
            let log = EventLog<EngineEvent>()
            try await withIBusDaemon { daemon in
                let before = try await daemon.listEngines()
                #expect(!before.contains("appex:test"))
                try await serving(on: daemon, log: log) {
                    let names = try await daemon.listEngines()
                    #expect(names.contains("appex:test"))
                }
            }
        }
    }
}
