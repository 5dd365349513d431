import AppGroups
import Synchronization

/// The failed writes of each suite in this process since its last `synchronize()`.
///
/// Kept per store file, not per object: iOS code often writes through one
/// `NSUserDefaults(suiteName:)` and synchronizes through another of the same suite, and
/// Apple's objects of one suite share their state.
final class DefaultsFailures: Sendable {
    /// The process's record.
    static let shared = DefaultsFailures()

    private let failures = Mutex<[String: [AppGroupError]]>([:])

    /// Records `error` for `defaults`' store.
    func add(_ error: AppGroupError, for defaults: SharedDefaults) {
        failures.withLock { $0[defaults.databaseURL.path, default: []].append(error) }
    }

    /// The latest failure of `defaults`' store.
    func last(for defaults: SharedDefaults) -> AppGroupError? {
        failures.withLock { $0[defaults.databaseURL.path]?.last }
    }

    /// The failures of `defaults`' store, forgotten.
    func takeAll(for defaults: SharedDefaults) -> [AppGroupError] {
        failures.withLock { $0.removeValue(forKey: defaults.databaseURL.path) ?? [] }
    }
}
