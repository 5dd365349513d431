import CIBus

/// The calls to ibus-daemon that make it send CreateEngine to this connection's factory.
struct IBusDaemonCalls {
    let connection: OpaquePointer

    /// Registers `component` at run time (`org.freedesktop.IBus.RegisterComponent`, as
    /// `ibus_bus_register_component` does), so no XML needs installing; it lasts as long as the
    /// connection.
    func registerComponent(_ component: IBusComponents.IBusComponent) throws {
        let description = ComponentDescription.make(component)
        defer { g_object_unref(description) }
        let serialized = ibus_serializable_serialize_object(
            UnsafeMutableRawPointer(description).assumingMemoryBound(to: IBusSerializable.self))
        let reply = try call(IBUS_SERVICE_IBUS, IBUS_PATH_IBUS, IBUS_INTERFACE_IBUS, "RegisterComponent",
                             [g_variant_new_variant(serialized)]) { message in
            IBusComponents.IBusError(.registrationFailed, "ibus-daemon refused component \(component.name): \(message)")
        }
        g_variant_unref(reply)
    }

    /// Owns `name` on the IBus bus (`org.freedesktop.DBus.RequestName`, as an engine started
    /// by ibus-daemon with `--ibus` does), for a component ibus-daemon read from XML.
    func requestName(_ name: String) throws {
        let reply = try call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                             "RequestName", [g_variant_new_string(name),
                                             g_variant_new_uint32(IBUS_BUS_NAME_FLAG_DO_NOT_QUEUE.rawValue)]) {
            IBusComponents.IBusError(.nameNotAcquired, "cannot own bus name \(name): \($0)")
        }
        defer { g_variant_unref(reply) }
        let result = g_variant_get_child_value(reply, 0)
        let code = g_variant_get_uint32(result)
        g_variant_unref(result)
        guard code == IBUS_BUS_REQUEST_NAME_REPLY_PRIMARY_OWNER.rawValue
            || code == IBUS_BUS_REQUEST_NAME_REPLY_ALREADY_OWNER.rawValue else {
            throw IBusComponents.IBusError(.nameNotAcquired, "bus name \(name) is owned by another connection (reply \(code))")
        }
    }

    /// A blocking method call with `arguments` as its tuple; the reply, or `failure` of the
    /// error message thrown.
    private func call(_ destination: String, _ path: String, _ interface: String, _ method: String,
                      _ arguments: [OpaquePointer?],
                      failure: (String) -> IBusComponents.IBusError) throws -> OpaquePointer {
        var arguments = arguments
        let parameters = g_variant_new_tuple(&arguments, gsize(arguments.count))
        var error: UnsafeMutablePointer<GError>?
        guard let reply = g_dbus_connection_call_sync(connection, destination, path, interface, method,
                                                      parameters, nil, G_DBUS_CALL_FLAGS_NONE, -1, nil,
                                                      &error) else {
            throw failure(GLibError.take(error))
        }
        return reply
    }
}
