import CIBus
import Synchronization

/// Thread-safe names of keysyms, over `ibus_keyval_name`.
///
/// `ibus_keyval_name` writes the names of Unicode keysyms and unknown keysyms into one static
/// buffer, so calls are made under a lock and the name is copied out before it is released.
enum KeyvalNames {
    private static let lock = Mutex(())

    /// The name of `keyval`: "BackSpace", "a", "U+4F60", "0x12345678"; "" for keysym 0.
    static func name(of keyval: UInt32) -> String {
        lock.withLock { _ in
            guard let name = ibus_keyval_name(keyval) else { return "" }
            return String(cString: name)
        }
    }
}
