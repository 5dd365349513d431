import GRDB

/// The registry's tables, created and upgraded by a `DatabaseMigrator`.
///
/// - `application`: one row per installed app; `bundlePath` is relative to the home.
/// - `extension`: one row per installed extension, with the user's choices (`isEnabled`,
///   `position`); deleted with its app.
/// - `appGroupMember`: which app or extension belongs to which app group; a group's
///   container lives as long as the group has a member.
/// - `sealedFile`: the seal of each installed copy: every file's path (relative to the
///   `.app`), size, SHA-256 and fingerprint when installed; deleted with its app.
///
/// docs/REGISTRY.md describes the columns.
enum RegistrySchema {
    /// The migrations, in order. A published migration is never edited; add a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: applications, extensions, app groups") { db in
            try db.execute(sql: """
                CREATE TABLE application (
                    identifier TEXT NOT NULL PRIMARY KEY,
                    bundlePath TEXT NOT NULL,
                    displayName TEXT NOT NULL,
                    version TEXT,
                    shortVersion TEXT
                );
                CREATE TABLE extension (
                    identifier TEXT NOT NULL PRIMARY KEY,
                    applicationIdentifier TEXT NOT NULL REFERENCES application(identifier) ON DELETE CASCADE,
                    point TEXT NOT NULL,
                    bundlePath TEXT NOT NULL,
                    displayName TEXT NOT NULL,
                    isEnabled BOOLEAN NOT NULL DEFAULT 1,
                    position INTEGER
                );
                CREATE INDEX extension_on_applicationIdentifier ON extension(applicationIdentifier);
                CREATE TABLE appGroupMember (
                    groupIdentifier TEXT NOT NULL,
                    memberIdentifier TEXT NOT NULL,
                    applicationIdentifier TEXT NOT NULL REFERENCES application(identifier) ON DELETE CASCADE,
                    PRIMARY KEY (groupIdentifier, memberIdentifier)
                );
                CREATE INDEX appGroupMember_on_applicationIdentifier ON appGroupMember(applicationIdentifier);
                """)
        }
        migrator.registerMigration("v2: the seal of each installed app") { db in
            try db.execute(sql: """
                CREATE TABLE sealedFile (
                    applicationIdentifier TEXT NOT NULL REFERENCES application(identifier) ON DELETE CASCADE,
                    path TEXT NOT NULL,
                    size INTEGER NOT NULL,
                    sha256 TEXT NOT NULL,
                    device INTEGER NOT NULL,
                    inode INTEGER NOT NULL,
                    modified INTEGER NOT NULL,
                    changed INTEGER NOT NULL,
                    PRIMARY KEY (applicationIdentifier, path)
                );
                """)
        }
        return migrator
    }
}
