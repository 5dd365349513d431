import BundleSeal
import ExtensionHost
import ExtensionManifest
import Foundation
import GRDB

/// The registry's rows a share needs, read in one transaction: each app's extensions with
/// their kept declarations and the seal entries of their launch files, of the app's
/// Info.plist and of its frameworks, and the memberships.
struct CatalogRows {
    /// An app whose records stand for its files (``CatalogSnapshot``).
    struct Application {
        var identifier: String
        var bundlePath: String
        var sealedInfoPlist: SealedFile
        /// The seal entries of its embedded frameworks, which each launch loads.
        var sealedFrameworks: [SealedFile]
        var extensions: [Extension]
    }

    struct Extension {
        var identifier: String
        var displayName: String
        var bundlePath: String
        var isEnabled: Bool
        var allowsFullAccess: Bool
        var position: Int?
        var point: String?
        /// The rule, shared with the catalog's other extensions that keep it.
        var rule: SharedActivationRule
        /// The declaration's JSON, decoded when first asked for.
        var declarationJSON: String
        var declaresTypes: Bool
        var sealedInfoPlist: SealedFile
        var sealedExecutable: SealedFile

        /// What the registry keeps of the extension's Info.plist, to stand in should the
        /// copy become unreadable.
        var keptInfo: BundleInfo {
            var info = BundleInfo()
            info.identifier = identifier
            info.displayName = displayName
            info.executable = (sealedExecutable.path as NSString).lastPathComponent
            info.extensionDeclaration = declaration
            return info
        }

        /// The declaration as kept (`nil` should its JSON not decode, which install never writes).
        var declaration: ExtensionDeclaration? {
            try? JSONDecoder().decode(ExtensionDeclaration?.self, from: Data(declarationJSON.utf8))
        }
    }

    var generation: Int64
    var applications: [Application]
    /// The apps whose extensions must be read from their copies: installed before the
    /// registry kept declarations, or without the seal entries a share checks.
    var unready: Set<String>
    /// Each extension's app groups, by extension identifier.
    var groups: [String: [String]]

    /// The registry's generation: it changes with every change of an app, an extension, a
    /// membership or a seal entry.
    static func generation(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT value FROM registryGeneration") ?? 0
    }

    init(_ db: Database) throws {
        generation = try Self.generation(db)
        var appInfoPlists: [String: (bundlePath: String, seal: SealedFile?)] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT a.identifier, a.bundlePath, s.path, s.size, s.sha256, s.device, s.inode, s.modified, s.changed
            FROM application a
            LEFT JOIN sealedFile s ON s.applicationIdentifier = a.identifier AND s.path IN ('Info.plist', 'Contents/Info.plist')
            """) {
            // The loader reads Info.plist before Contents/Info.plist (ManifestLoader.infoPlist).
            let identifier: String = row[0]
            var app = appInfoPlists[identifier] ?? (row[1], nil)
            if let path: String = row[2], app.seal == nil || path == "Info.plist" { app.seal = Self.sealedFile(row, from: 3, path: path) }
            appInfoPlists[identifier] = app
        }
        var frameworks: [String: [SealedFile]] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT applicationIdentifier, path, size, sha256, device, inode, modified, changed FROM sealedFile
            WHERE \(ExtensionRegistry.inFrameworks("path")) ORDER BY applicationIdentifier, path
            """) {
            if let file = Self.sealedFile(row, from: 2, path: row[1]) { frameworks[row[0], default: []].append(file) }
        }
        var extensions: [String: [Extension]] = [:]
        var unready = Set<String>()
        var rules: [KeptRule: SharedActivationRule] = [:]
        let rows = try Row.fetchCursor(db, sql: """
            SELECT e.applicationIdentifier, e.identifier, e.displayName, e.bundlePath, e.isEnabled, e.position,
                   e.declaration, e.declaresTypes, e.infoPlistPath, e.executablePath, e.point, e.ruleForm, e.ruleText,
                   p.size, p.sha256, p.device, p.inode, p.modified, p.changed,
                   x.size, x.sha256, x.device, x.inode, x.modified, x.changed, e.allowsFullAccess
            FROM extension e
            LEFT JOIN sealedFile p ON p.applicationIdentifier = e.applicationIdentifier AND p.path = e.infoPlistPath
            LEFT JOIN sealedFile x ON x.applicationIdentifier = e.applicationIdentifier AND x.path = e.executablePath
            """)
        while let row = try rows.next() {
            let application: String = row[0]
            guard let json: String = row[6], let infoPlistPath: String = row[8], let executablePath: String = row[9],
                  let form: String = row[11], let rule = Self.rule(KeptRule(form: form, text: row[12]), parsed: &rules),
                  let sealedInfoPlist = Self.sealedFile(row, from: 13, path: infoPlistPath),
                  let sealedExecutable = Self.sealedFile(row, from: 19, path: executablePath) else {
                unready.insert(application)
                continue
            }
            extensions[application, default: []].append(Extension(
                identifier: row[1], displayName: row[2], bundlePath: row[3], isEnabled: row[4], allowsFullAccess: row[25], position: row[5],
                point: (row[10] as String?).flatMap { $0.isEmpty ? nil : $0 }, rule: rule, declarationJSON: json, declaresTypes: row[7], sealedInfoPlist: sealedInfoPlist,
                sealedExecutable: sealedExecutable))
        }
        applications = extensions.keys.sorted().compactMap { identifier in
            guard !unready.contains(identifier), let app = appInfoPlists[identifier], let seal = app.seal else {
                unready.insert(identifier)
                return nil
            }
            return Application(identifier: identifier, bundlePath: app.bundlePath, sealedInfoPlist: seal,
                               sealedFrameworks: frameworks[identifier] ?? [], extensions: extensions[identifier] ?? [])
        }
        self.unready = unready
        var groups: [String: [String]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT groupIdentifier, memberIdentifier FROM appGroupMember ORDER BY groupIdentifier") {
            groups[row[1], default: []].append(row[0])
        }
        self.groups = groups
    }

    /// `kept`'s rule, parsed once per catalog read and shared by every extension that keeps
    /// the same one (``SharedActivationRule``).
    static func rule(_ kept: KeptRule, parsed: inout [KeptRule: SharedActivationRule]) -> SharedActivationRule? {
        if let rule = parsed[kept] { return rule }
        guard let rule = kept.rule.map(SharedActivationRule.init) else { return nil }
        parsed[kept] = rule
        return rule
    }

    /// The seal entry in the six columns from `index` (size, sha256, device, inode,
    /// modified, changed), or `nil` when the left join found none.
    static func sealedFile(_ row: Row, from index: Int, path: String) -> SealedFile? {
        guard let size: Int64 = row[index] else { return nil }
        let print = FileFingerprint(device: UInt64(bitPattern: row[index + 2]), inode: UInt64(bitPattern: row[index + 3]),
                                    size: size, modified: row[index + 4], changed: row[index + 5])
        return SealedFile(path: path, size: size, sha256: row[index + 1], fingerprint: print)
    }
}
