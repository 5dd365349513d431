import Foundation
import GRDB

extension SharedDefaults {
    /// Stores `value` for `key`, or removes the key when `value` is `nil`.
    /// Throws ``AppGroupError/Code/notAPropertyList`` for a value that is not a property
    /// list (String, Int, Double, Bool, Date, Data, URL, and arrays and string-keyed
    /// dictionaries of those), ``AppGroupError/Code/storage`` when the store fails.
    public func set(_ value: Any?, forKey key: String) throws(AppGroupError) {
        let data = try value.map { v throws(AppGroupError) in try PropertyListValue.encode(v, key: key) }
        try perform { db in try Self.store(data, forKey: key, in: db) }
    }

    /// Stores an integer.
    public func set(_ value: Int, forKey key: String) throws(AppGroupError) { try set(value as Any?, forKey: key) }
    /// Stores a real.
    public func set(_ value: Double, forKey key: String) throws(AppGroupError) { try set(value as Any?, forKey: key) }
    /// Stores a `Float` as a real.
    public func set(_ value: Float, forKey key: String) throws(AppGroupError) { try set(Double(value) as Any?, forKey: key) }
    /// Stores a boolean.
    public func set(_ value: Bool, forKey key: String) throws(AppGroupError) { try set(value as Any?, forKey: key) }
    /// Stores a URL as its absolute string; `nil` removes the key.
    public func set(_ url: URL?, forKey key: String) throws(AppGroupError) { try set(url?.absoluteString as Any?, forKey: key) }

    /// Removes the stored value for `key`; a registered default shows through again.
    public func removeObject(forKey key: String) throws(AppGroupError) {
        try set(nil as Any?, forKey: key)
    }

    /// Reads the stored value of `key`, passes it to `transform`, and stores what it
    /// returns (`nil` removes the key), all in one transaction: no other process's write to
    /// the store can come in between. Returns the stored value.
    ///
    /// ```swift
    /// let count = try defaults.update(forKey: "shares") { old in ((old as? Int) ?? 0) + 1 }
    /// ```
    ///
    /// `transform` sees the stored value only (not registered defaults) and must not touch
    /// this store itself. An error it throws leaves the store unchanged and comes out of
    /// `update` unchanged; store failures are ``AppGroupError``.
    @discardableResult
    public func update(forKey key: String, _ transform: (Any?) throws -> Any?) throws -> Any? {
        let new = try database.write { db in
            let old = try Data.fetchOne(db, sql: "SELECT value FROM entries WHERE key = ?", arguments: [key])
                .flatMap(PropertyListValue.decode)
            let new = try transform(old)
            let data = try new.map { v throws(AppGroupError) in try PropertyListValue.encode(v, key: key) }
            try Self.store(data, forKey: key, in: db)
            return data.flatMap(PropertyListValue.decode)
        }
        signal.post()
        return new
    }

    /// Runs `body` in a write transaction, then signals observers.
    private func perform<T>(_ body: (Database) throws -> T) throws(AppGroupError) -> T {
        let result: T
        do {
            result = try database.write(body)
        } catch {
            throw SharedDatabase.storageError(error, database.url)
        }
        signal.post()
        return result
    }

    /// Writes one key with the next change version; `nil` data marks the key removed.
    private static func store(_ data: Data?, forKey key: String, in db: Database) throws {
        if data == nil {
            let present = try Bool.fetchOne(db, sql: "SELECT value IS NOT NULL FROM entries WHERE key = ?", arguments: [key]) ?? false
            guard present else { return }
        }
        let version = (try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(version), 0) FROM entries") ?? 0) + 1
        try db.execute(sql: """
            INSERT INTO entries (key, value, version) VALUES (?, ?, ?)
            ON CONFLICT(key) DO UPDATE SET value = excluded.value, version = excluded.version
            """, arguments: [key, data, version])
    }
}
