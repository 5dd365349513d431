import KeyboardIBus

/// The component the daemon tests serve.
let testComponent = IBusComponent(
    name: "org.appex.KeyboardTest", description: "KeyboardIBus test engines",
    exec: "/bin/false --ibus", version: "1.0", license: "MIT", author: "Appex",
    engines: [.init(name: "appex:test", longName: "Appex Test", description: "Upper-cases letters",
                    language: "en")])

/// Serves `component` on `daemon` with fake engines logging to `log`, runs `body` once the
/// engines can be made, then cancels the serving and waits for `withIBusEngines` to return.
func serving<T>(_ component: IBusComponent = testComponent, on daemon: IBusDaemon, register: Bool = true,
                log: EventLog<EngineEvent>, commitsOnReset: Bool = false, slowKey: Gate = Gate(open: true),
                _ body: () async throws -> T) async throws -> T {
    let serving = ServingTask(component, on: daemon, register: register, log: log, commitsOnReset: commitsOnReset, slowKey: slowKey)
    try await serving.waitUntilReady()
    do {
        let result = try await body()
        try await serving.stop()
        return result
    } catch {
        try? await serving.stop()
        throw error
    }
}
