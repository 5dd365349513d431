import CIBus
import CIBusEngine

/// One `withIBusEngines` call's bus connection, factory and engines.
///
/// `@unchecked Sendable`: `connection`, `factory` and `closedHandler` are used only on the
/// loop thread (`serve` and the hooks it dispatches); the other properties never change.
final class EngineHost: @unchecked Sendable {
    let component: IBusComponents.IBusComponent
    let address: String?
    let register: Bool
    let onReady: @Sendable () -> Void
    let makeEngine: @Sendable (String, any InputMethodClient) -> any InputMethodEngine
    let loop = GLibLoop()
    let keyTasks = KeyTaskTracker()
    private var connection: OpaquePointer?
    private var factory: UnsafeMutablePointer<IBusFactory>?
    private var closedHandler: gulong = 0

    /// A host for `withIBusEngines`'s arguments; nothing is connected until `serve`.
    init(component: IBusComponents.IBusComponent, address: String?, register: Bool,
         onReady: @escaping @Sendable () -> Void,
         makeEngine: @escaping @Sendable (String, any InputMethodClient) -> any InputMethodEngine) {
        self.component = component
        self.address = address
        self.register = register
        self.onReady = onReady
        self.makeEngine = makeEngine
    }

    /// Connects, serves engines until the loop quits or the bus disconnects, and tears down:
    /// the engines and factory are destroyed and the connection closed before this returns.
    func serve() throws {
        var failure: (any Error)?
        loop.run(setUp: {
            do {
                try start()
                onReady()
                return true
            } catch {
                failure = error
                return false
            }
        }, tearDown: stop)
        if let failure { throw failure }
    }

    /// A bridge and Swift engine for a new engine object, or nil for a name not in the component.
    func makeBridge(engine: UnsafeMutablePointer<IBusEngine>, name: String) -> EngineBridge? {
        guard component.engines.contains(where: { $0.name == name }) else { return nil }
        return EngineBridge(engine: engine, loop: loop, keyTasks: keyTasks) { client in
            makeEngine(name, client)
        }
    }

    /// Connects, puts the factory on the connection and makes ibus-daemon use it. On the loop
    /// thread, before the loop runs.
    private func start() throws {
        let address = try resolvedAddress()
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
            | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
            throw IBusComponents.IBusError(.connectionFailed, "cannot connect to IBus at \(address): \(GLibError.take(error))")
        }
        self.connection = connection
        closedHandler = appex_ibus_connection_on_closed(connection, { loop in
            g_main_loop_quit(OpaquePointer(loop))
        }, UnsafeMutableRawPointer(loop.loop))
        var hooks = EngineHooks.engine
        factory = appex_ibus_factory_new(connection, &hooks, EngineHooks.createEngine,
                                         Unmanaged.passUnretained(self).toOpaque())
        let bus = IBusDaemonCalls(connection: connection)
        if register {
            try bus.registerComponent(component)
        } else {
            try bus.requestName(component.name)
        }
    }

    /// Destroys the factory and its engines (answering their pending keys), then flushes and
    /// closes the connection. On the loop thread.
    private func stop() {
        if let factory {
            ibus_object_destroy(UnsafeMutableRawPointer(factory).assumingMemoryBound(to: IBusObject.self))
            g_object_unref(factory)
            self.factory = nil
        }
        if let connection {
            g_signal_handler_disconnect(UnsafeMutableRawPointer(connection), closedHandler)
            // Closing does not wait for queued messages, such as the answers to keys sent
            // while the engines were destroyed.
            g_dbus_connection_flush_sync(connection, nil, nil)
            g_dbus_connection_close_sync(connection, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(connection))
            self.connection = nil
        }
    }

    /// The address given, else IBUS_ADDRESS, else the one in the user's ibus-daemon address file.
    private func resolvedAddress() throws -> String {
        if let address { return address }
        if let found = ibus_get_address() { return String(cString: found) }
        let socketFile = ibus_get_socket_path().map { String(cString: $0) } ?? "(none)"
        throw IBusComponents.IBusError(.noAddress, "IBUS_ADDRESS is unset and there is no ibus-daemon address in \(socketFile)")
    }
}
