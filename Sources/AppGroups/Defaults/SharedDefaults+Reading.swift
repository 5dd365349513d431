import Foundation
import GRDB

extension SharedDefaults {
    /// The value for `key`: the stored one, else the registered default, else `nil`.
    /// A store that cannot be read answers as if the key were absent.
    public func object(forKey key: String) -> Any? {
        if let data = try? storedData(forKey: key), let value = PropertyListValue.decode(data) { return value }
        return registeredDefaults[key]?.foundationObject
    }

    /// Every stored value merged over the registered defaults.
    public func dictionaryRepresentation() -> [String: Any] {
        var result: [String: Any] = registeredDefaults.mapValues(\.foundationObject)
        let rows = (try? database.read { db in
            try Row.fetchAll(db, sql: "SELECT key, value FROM entries WHERE value IS NOT NULL")
        }) ?? []
        for row in rows {
            let key: String = row["key"]
            if let data: Data = row["value"], let value = PropertyListValue.decode(data) { result[key] = value }
        }
        return result
    }

    /// The stored blob for `key`, without registered defaults.
    func storedData(forKey key: String) throws -> Data? {
        try database.read { db in
            try Data.fetchOne(db, sql: "SELECT value FROM entries WHERE key = ?", arguments: [key])
        }
    }

    /// The largest change version in the store (0 when empty).
    func currentVersion() throws -> Int64 {
        try database.read { db in
            try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(version), 0) FROM entries") ?? 0
        }
    }

    /// The keys changed after `version`, and the latest version.
    func changes(after version: Int64) throws -> (keys: Set<String>, version: Int64) {
        try database.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT key, version FROM entries WHERE version > ?", arguments: [version])
            var keys = Set<String>()
            var latest = version
            for row in rows {
                keys.insert(row["key"])
                latest = max(latest, row["version"])
            }
            return (keys, latest)
        }
    }
}
