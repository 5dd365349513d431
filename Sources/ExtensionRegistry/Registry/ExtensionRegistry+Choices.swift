import ExtensionManifest
import GRDB

extension ExtensionRegistry {
    /// Enables or disables an installed extension (the user's choice; kept across upgrades).
    /// - Returns: whether it was enabled before.
    /// - Throws: ``RegistryError/Code/unknownExtension`` naming `identifier` when no extension has it.
    @discardableResult
    public func setEnabled(_ enabled: Bool, for identifier: String) throws(RegistryError) -> Bool {
        try access {
            try database.write { db in
                guard let before = try Bool.fetchOne(db, sql: "SELECT isEnabled FROM extension WHERE identifier = ?", arguments: [identifier]) else {
                    throw try unknownExtension(identifier, db)
                }
                try db.execute(sql: "UPDATE extension SET isEnabled = ? WHERE identifier = ?", arguments: [enabled, identifier])
                return before
            }
        }
    }

    /// Allows or takes back a keyboard's full access (iOS's "Allow Full Access"; kept across
    /// upgrades). It has effect only for a keyboard that asks for it (`RequestsOpenAccess`).
    /// - Returns: whether it was allowed before.
    /// - Throws: ``RegistryError/Code/unknownExtension`` naming `identifier` when no extension
    ///   has it, ``RegistryError/Code/notAKeyboard`` when it is not a custom keyboard.
    @discardableResult
    public func setFullAccess(_ allowed: Bool, for identifier: String) throws(RegistryError) -> Bool {
        try access {
            try database.write { db in
                guard let row = try Row.fetchOne(db, sql: "SELECT allowsFullAccess, point FROM extension WHERE identifier = ?", arguments: [identifier]) else {
                    throw try unknownExtension(identifier, db)
                }
                let point: String? = row[1]
                guard point == ExtensionPoint.keyboard else {
                    throw RegistryError(.notAKeyboard, "\(identifier) is \(point.map(ExtensionPoint.described) ?? "of no extension point"), not a custom keyboard (com.apple.keyboard-service): only a keyboard has full access to allow")
                }
                try db.execute(sql: "UPDATE extension SET allowsFullAccess = ? WHERE identifier = ?", arguments: [allowed, identifier])
                return row[0]
            }
        }
    }

    /// Puts the given extensions first, in this order (positions 0 to n-1); every other
    /// extension loses its position and follows them by name.
    /// - Throws: ``RegistryError`` naming an unknown or repeated identifier; nothing changes then.
    public func setOrder(_ identifiers: [String]) throws(RegistryError) {
        var seen = Set<String>()
        for id in identifiers where !seen.insert(id).inserted {
            throw RegistryError(.invalidOrder, "\(id) appears twice in the order")
        }
        try access {
            try database.write { db in
                for id in identifiers where try !(Bool.fetchOne(db, sql: "SELECT 1 FROM extension WHERE identifier = ?", arguments: [id]) ?? false) {
                    throw try unknownExtension(id, db)
                }
                try db.execute(sql: "UPDATE extension SET position = NULL")
                for (position, id) in identifiers.enumerated() {
                    try db.execute(sql: "UPDATE extension SET position = ? WHERE identifier = ?", arguments: [position, id])
                }
            }
        }
    }

    func unknownExtension(_ identifier: String, _ db: Database) throws -> RegistryError {
        if try Bool.fetchOne(db, sql: "SELECT 1 FROM application WHERE identifier = ?", arguments: [identifier]) ?? false {
            return RegistryError(.unknownExtension, "\(identifier) is an app, not an extension")
        }
        return RegistryError(.unknownExtension, "no installed extension has the identifier \(identifier)")
    }
}
