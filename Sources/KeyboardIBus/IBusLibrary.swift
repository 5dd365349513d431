import CIBus

/// libibus's one-time set-up.
enum IBusLibrary {
    private static let initialized: Void = ibus_init()

    /// Registers IBus's GTypes (`ibus_init`), which deserializing its D-Bus values needs.
    static func initialize() {
        _ = initialized
    }
}
