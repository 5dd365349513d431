import CIBus

/// Serves `component`'s engines to ibus-daemon until the bus disconnects or the calling task
/// is cancelled.
///
/// Connects to the IBus bus at `address` (by default `IBUS_ADDRESS`, else the address file of
/// the user's ibus-daemon), puts a factory for the component's engines on it and then, when
/// `register` is true, registers the component with ibus-daemon (`RegisterComponent`, so no
/// XML needs installing); otherwise it owns the component's bus name, as an engine that
/// ibus-daemon started from the component's XML (`exec … --ibus`) does.
///
/// GLib's main loop runs on a thread this call owns: libibus and GDBus deliver IBus calls only
/// through a GLib main context, so this process's IBus I/O happens there. The context is
/// private to this call and nothing else is attached to it. `makeEngine` and the engines'
/// notifications run on that thread; `processKey` runs in tasks.
///
/// Cancellation quits the loop. Either way, this returns (without throwing) only once the
/// engines are destroyed, every ProcessKeyEvent call answered (keys still queued get "not
/// handled"), the connection closed, the thread ended and every `processKey` call returned.
/// Several calls may run at once, each with a connection of its own: libibus's process-wide
/// `IBusBus` is not used.
///
/// - Parameters:
///   - onReady: Called on the loop thread once ibus-daemon can make the engines (the component
///     is registered or its name owned), before any engine is made.
///   - makeEngine: Makes the engine for one input context, given the engine's name (one of
///     `component.engines`) and the client it acts on.
/// - Throws: `IBusComponents.IBusError` when the component is invalid, the bus cannot be connected, or the
///   component cannot be registered or its bus name owned.
public func withIBusEngines(
    _ component: IBusComponents.IBusComponent,
    address: String? = nil,
    register: Bool,
    onReady: @escaping @Sendable () -> Void = {},
    makeEngine: @escaping @Sendable (_ engineName: String, _ client: any InputMethodClient) -> any InputMethodEngine
) async throws {
    try component.validate()
    if Task.isCancelled { return }
    IBusLibrary.initialize()
    let host = EngineHost(component: component, address: address, register: register,
                          onReady: onReady, makeEngine: makeEngine)
    do {
        try await withTaskCancellationHandler {
            try await LoopThread.run(name: "appex-ibus-loop") { try host.serve() }
        } onCancel: {
            host.loop.quit()
        }
    } catch {
        await host.keyTasks.waitForAll()
        throw error
    }
    await host.keyTasks.waitForAll()
}
