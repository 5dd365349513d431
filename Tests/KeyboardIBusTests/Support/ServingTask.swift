import KeyboardIBus

/// `withIBusEngines` in a task of its own, serving fake engines, with an event when it is ready.
struct ServingTask: Sendable {
    let task: Task<Void, any Error>
    /// true once the engines can be made; false if `withIBusEngines` ended first.
    let ready = EventLog<Bool>()

    /// Serves `component` on `daemon` with fake engines logging to `log`.
    init(_ component: IBusComponent = testComponent, on daemon: IBusDaemon, register: Bool = true,
         log: EventLog<EngineEvent>, commitsOnReset: Bool = false, slowKey: Gate = Gate(open: true)) {
        let ready = self.ready
        task = Task {
            do {
                try await withIBusEngines(component, address: daemon.address, register: register,
                                          onReady: { ready.append(true) }) { name, client in
                    FakeEngine(name: name, client: client, log: log, commitsOnReset: commitsOnReset, slowKey: slowKey)
                }
                ready.append(false)
            } catch {
                ready.append(false)
                throw error
            }
        }
    }

    /// Waits until the engines can be made; throws what `withIBusEngines` threw if it ended first.
    func waitUntilReady() async throws {
        if await ready.first(where: { _ in true }) != true {
            try await task.value
            throw HarnessError("withIBusEngines returned before it was ready")
        }
    }

    /// Cancels the serving and waits for `withIBusEngines` to return.
    func stop() async throws {
        task.cancel()
        try await task.value
    }
}
