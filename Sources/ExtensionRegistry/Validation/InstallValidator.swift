import DeviceLayout
import ExtensionManifest
import Foundation

/// Decides whether a staged `.app` may be installed, and what to record for it.
///
/// It refuses what `appex lint` calls an error (quoted with file and line:column), a
/// missing CFBundleIdentifier or CFBundleExecutable on the app, identifiers that cannot
/// name a folder, two extensions with one identifier, and any bundle whose executable is
/// not an executable regular file inside it.
struct InstallValidator: Sendable {
    /// The lint codes that `allowMismatch` turns into warnings.
    static let mismatchCodes: Set<LintCode> = [.bundleIdentifierPrefix, .bundleVersionMismatch]

    var options: InstallOptions
    /// The staged copy being checked.
    var stagedApp: URL
    /// The path the user gave, for messages.
    var sourcePath: String

    /// Checks what the loader read from the staged copy.
    func validate(_ loaded: ManifestLoader.Result) throws(RegistryError) -> InstallPlan {
        guard let app = loaded.application else {
            throw RegistryError(.notAnApplication, "\(sourcePath) is not an .app bundle")
        }
        var diagnostics = Linter().lint(loaded).map(relocated).map(downgraded)
        let appInfo = sourcePath + "/Info.plist"
        for (key, value) in [("CFBundleIdentifier", app.info.identifier), ("CFBundleExecutable", app.info.executable)] where value == nil {
            diagnostics.append(LintDiagnostic(.bundleMissingKey, .error, "\(key) is missing; every app bundle needs it", file: appInfo))
        }
        let errors = diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            let hint = errors.contains { Self.mismatchCodes.contains($0.code) } && !options.allowMismatch
                ? " (an identifier or version mismatch is allowed with --allow-mismatch)" : ""
            throw RegistryError(.validationFailed,
                                "refused to install \(sourcePath): \(errors.count) lint error\(errors.count == 1 ? "" : "s")\(hint)",
                                diagnostics: errors)
        }
        let identifier = app.info.identifier ?? ""
        try checkIdentifier(identifier, file: appInfo, key: "CFBundleIdentifier")
        for group in app.appGroups { try checkIdentifier(group, file: sourcePath + "/Entitlements.plist", key: "app group") }
        try checkExecutable(app.info.executable ?? "", in: stagedApp, infoPlist: appInfo)

        var extensions: [InstallPlan.Extension] = []
        var seen: Set<String> = [identifier]
        for ext in loaded.extensions {
            guard let bundle = ext.bundleURL else { continue }
            let relative = relativePath(of: bundle)
            let infoPlist = sourcePath + "/" + relative + "/Info.plist"
            let id = ext.info.identifier ?? ""
            try checkIdentifier(id, file: infoPlist, key: "CFBundleIdentifier")
            guard seen.insert(id).inserted else {
                throw RegistryError(.duplicateExtension, "\(infoPlist): CFBundleIdentifier \(id) is already used by \(id == identifier ? "the app" : "another extension of the app")")
            }
            for group in ext.appGroups {
                try checkIdentifier(group, file: sourcePath + "/" + relative + "/Entitlements.plist", key: "app group")
            }
            try checkExecutable(ext.info.executable ?? "", in: bundle, infoPlist: infoPlist)
            let folderName = bundle.deletingPathExtension().lastPathComponent
            let plist = ManifestLoader.infoPlist(in: bundle).map(relativePath) ?? relative + "/Info.plist"
            extensions.append(.init(identifier: id, point: ext.declaration?.pointIdentifier ?? "", relativePath: relative,
                                    displayName: ext.info.displayName ?? folderName, appGroups: ext.appGroups,
                                    infoPlistPath: plist, executablePath: relative + "/" + (ext.info.executable ?? ""),
                                    declaration: ext.declaration, declaresTypes: !ext.typeDeclarations.isEmpty))
        }
        return InstallPlan(identifier: identifier, bundleName: stagedApp.lastPathComponent,
                           displayName: app.info.displayName ?? stagedApp.deletingPathExtension().lastPathComponent,
                           version: app.info.version, shortVersion: app.info.shortVersion, appGroups: app.appGroups,
                           extensions: extensions, warnings: diagnostics)
    }

    func checkIdentifier(_ identifier: String, file: String, key: String) throws(RegistryError) {
        guard BundleIdentifierRules.isValid(identifier) else {
            throw RegistryError(.invalidIdentifier, "\(file): \(key) '\(identifier)' cannot be installed: identifiers name folders, so they must be letters, digits, '.', '-' or '_' and not start with '.'")
        }
    }

    func checkExecutable(_ name: String, in bundle: URL, infoPlist: String) throws(RegistryError) {
        guard PlainName.isPlain(name) else {
            throw RegistryError(.missingExecutable, "\(infoPlist): CFBundleExecutable '\(name)' must be a file name inside the bundle")
        }
        let url = bundle.appendingPathComponent(name)
        guard FileSystem.isExecutableRegularFile(url) else {
            let shown = (infoPlist as NSString).deletingLastPathComponent + "/" + name
            let why = FileSystem.exists(url) ? "is not an executable regular file" : "is missing"
            throw RegistryError(.missingExecutable, "\(shown) \(why) (CFBundleExecutable of \(infoPlist))")
        }
    }

    /// A folder inside the staged app, relative to it (`PlugIns/Share.appex`).
    func relativePath(of url: URL) -> String {
        let root = stagedApp.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : url.lastPathComponent
    }

    /// A finding about the staged copy, shown at the path the user gave.
    func relocated(_ d: LintDiagnostic) -> LintDiagnostic {
        var d = d
        let staged = stagedApp.path
        if d.file.hasPrefix(staged) { d.file = sourcePath + d.file.dropFirst(staged.count) }
        return d
    }

    /// A mismatch finding as a warning when `allowMismatch` is set.
    func downgraded(_ d: LintDiagnostic) -> LintDiagnostic {
        guard options.allowMismatch, Self.mismatchCodes.contains(d.code), d.severity == .error else { return d }
        var d = d
        d.severity = .warning
        return d
    }
}
