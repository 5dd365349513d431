import AppGroups
import Foundation

extension NSUserDefaults {
    /// The value for `key`: stored, else registered, else `nil`.
    public func object(forKey defaultName: String) -> Any? { sharedDefaults.object(forKey: defaultName) }
    /// Key-value coding's `value(forKey:)`, which for defaults is ``object(forKey:)``.
    public func value(forKey key: String) -> Any? { object(forKey: key) }
    /// The string for `key`; a number as its decimal string.
    public func string(forKey defaultName: String) -> String? { sharedDefaults.string(forKey: defaultName) }
    /// The array for `key`.
    public func array(forKey defaultName: String) -> [Any]? { sharedDefaults.array(forKey: defaultName) }
    /// The dictionary for `key`.
    public func dictionary(forKey defaultName: String) -> [String: Any]? { sharedDefaults.dictionary(forKey: defaultName) }
    /// The bytes for `key`.
    public func data(forKey defaultName: String) -> Data? { sharedDefaults.data(forKey: defaultName) }
    /// The array for `key` when all its elements are strings.
    public func stringArray(forKey defaultName: String) -> [String]? { sharedDefaults.stringArray(forKey: defaultName) }
    /// The integer for `key`; 0 when absent or not a number.
    public func integer(forKey defaultName: String) -> Int { sharedDefaults.integer(forKey: defaultName) }
    /// The `Float` for `key`; 0 when absent or not a number.
    public func float(forKey defaultName: String) -> Float { sharedDefaults.float(forKey: defaultName) }
    /// The `Double` for `key`; 0 when absent or not a number.
    public func double(forKey defaultName: String) -> Double { sharedDefaults.double(forKey: defaultName) }
    /// The Boolean for `key`; `false` when absent.
    public func bool(forKey defaultName: String) -> Bool { sharedDefaults.bool(forKey: defaultName) }
    /// The URL for `key`.
    public func url(forKey defaultName: String) -> URL? { sharedDefaults.url(forKey: defaultName) }
    /// Every stored value over the registered defaults.
    public func dictionaryRepresentation() -> [String: Any] { sharedDefaults.dictionaryRepresentation() }
}
