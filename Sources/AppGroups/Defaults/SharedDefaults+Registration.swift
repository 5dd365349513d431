import Foundation
import PropertyLists
import Synchronization

extension SharedDefaults {
    /// Registers fallback values: ``object(forKey:)`` and the typed getters answer them for
    /// keys with no stored value. They belong to this process only (every `SharedDefaults`
    /// of the same store in this process sees them) and are never stored, as with
    /// `UserDefaults`' registration domain. Throws ``AppGroupError/Code/notAPropertyList``
    /// (registering nothing) when a value is not a property list.
    public func register(defaults: [String: Any]) throws(AppGroupError) {
        var nodes: [String: PropertyListNode] = [:]
        for (key, value) in defaults {
            nodes[key] = try PropertyListValue.node(value, key: key)
        }
        let store = database.url.path
        Self.registrations.withLock { registrations in
            registrations[store, default: [:]].merge(nodes) { _, new in new }
        }
    }

    /// The values registered in this process for this store.
    var registeredDefaults: [String: PropertyListNode] {
        let store = database.url.path
        return Self.registrations.withLock { $0[store] ?? [:] }
    }

    /// Registered defaults, by database path.
    private static let registrations = Mutex<[String: [String: PropertyListNode]]>([:])
}
