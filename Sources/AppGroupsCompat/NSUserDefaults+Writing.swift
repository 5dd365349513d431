import AppGroups
import Foundation

extension NSUserDefaults {
    /// Stores `value` for `key` (`nil` removes it). A failure is recorded, not thrown (see
    /// ``synchronize()``).
    public func set(_ value: Any?, forKey defaultName: String) {
        record(defaultName) { () throws(AppGroupError) in try sharedDefaults.set(value, forKey: defaultName) }
    }

    /// Stores an integer.
    public func set(_ value: Int, forKey defaultName: String) {
        record(defaultName) { () throws(AppGroupError) in try sharedDefaults.set(value, forKey: defaultName) }
    }

    /// Stores a `Float`.
    public func set(_ value: Float, forKey defaultName: String) {
        record(defaultName) { () throws(AppGroupError) in try sharedDefaults.set(value, forKey: defaultName) }
    }

    /// Stores a `Double`.
    public func set(_ value: Double, forKey defaultName: String) {
        record(defaultName) { () throws(AppGroupError) in try sharedDefaults.set(value, forKey: defaultName) }
    }

    /// Stores a Boolean.
    public func set(_ value: Bool, forKey defaultName: String) {
        record(defaultName) { () throws(AppGroupError) in try sharedDefaults.set(value, forKey: defaultName) }
    }

    /// Stores a URL as its absolute string (`nil` removes the key).
    public func set(_ url: URL?, forKey defaultName: String) {
        record(defaultName) { () throws(AppGroupError) in try sharedDefaults.set(url, forKey: defaultName) }
    }

    /// Key-value coding's `setValue(_:forKey:)`, which for defaults is ``set(_:forKey:)-(Any?,_)``.
    public func setValue(_ value: Any?, forKey key: String) {
        set(value, forKey: key)
    }

    /// Removes the stored value for `key`.
    public func removeObject(forKey defaultName: String) {
        record(defaultName) { () throws(AppGroupError) in try sharedDefaults.removeObject(forKey: defaultName) }
    }

    /// Registers fallback values for this process. A value that is not a property list
    /// registers nothing and is recorded as a failure.
    public func register(defaults registrationDictionary: [String: Any]) {
        record("register(defaults:)") { () throws(AppGroupError) in try sharedDefaults.register(defaults: registrationDictionary) }
    }

    /// Runs a write; a failure is logged and kept for ``synchronize()``.
    private func record(_ key: String, _ write: () throws(AppGroupError) -> Void) {
        do {
            try write()
        } catch {
            DefaultsFailures.shared.add(error, for: sharedDefaults)
            FileHandle.standardError.write(Data("NSUserDefaults(suiteName: \"\(suiteName)\"): '\(key)' not saved: \(error)\n".utf8))
        }
    }
}
