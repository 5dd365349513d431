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
/// - `extension`'s `infoPlistPath`, `executablePath` (relative to the `.app`),
///   `declaration` (the `NSExtension` dictionary as JSON), `ruleForm` and `ruleText` (its
///   activation rule, read back without decoding JSON) and `declaresTypes`: what a share
///   reads instead of the Info.plists (NULL for an extension installed before v3, which is
///   read from its copy as before);
/// - `registryGeneration`: one counter that triggers raise on every change of an app, an
///   extension, a membership or a seal entry, so that a process can keep what it read until
///   it changes.
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
        migrator.registerMigration("v3: what a share reads, and the generation") { db in
            try db.execute(sql: """
                ALTER TABLE extension ADD COLUMN infoPlistPath TEXT;
                ALTER TABLE extension ADD COLUMN executablePath TEXT;
                ALTER TABLE extension ADD COLUMN declaration TEXT;
                ALTER TABLE extension ADD COLUMN declaresTypes BOOLEAN NOT NULL DEFAULT 0;
                ALTER TABLE extension ADD COLUMN ruleForm TEXT;
                ALTER TABLE extension ADD COLUMN ruleText TEXT;
                CREATE TABLE registryGeneration (value INTEGER NOT NULL);
                INSERT INTO registryGeneration (value) VALUES (1);
                """)
            for table in ["application", "extension", "appGroupMember", "sealedFile"] {
                for event in ["INSERT", "UPDATE", "DELETE"] {
                    try db.execute(sql: """
                        CREATE TRIGGER \(table)_\(event.lowercased())_generation AFTER \(event) ON \(table)
                        BEGIN UPDATE registryGeneration SET value = value + 1; END
                        """)
                }
            }
        }
        migrator.registerMigration("v4: a keyboard's full access") { db in
            try db.execute(sql: "ALTER TABLE extension ADD COLUMN allowsFullAccess BOOLEAN NOT NULL DEFAULT 0")
        }
        return migrator
    }
}
