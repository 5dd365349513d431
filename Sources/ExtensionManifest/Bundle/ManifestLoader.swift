import Foundation
import PropertyLists

/// Reads extensions from a path: an Info.plist (XML or binary), a bare `NSExtension`
/// dictionary, an `.appex` bundle, or an `.app` bundle with its `PlugIns/`.
public struct ManifestLoader: Sendable {
    /// Values for Xcode build variables (`--define NAME=VALUE`).
    public var variables: BuildVariables
    /// Limits for every property list read.
    public var limits: PropertyListLimits
    /// Whether an `.app`'s extension whose Info.plist cannot be read is set aside in
    /// ``Result/unreadableExtensions`` (the app and its other extensions still load) rather
    /// than failing the whole load. An installed app's intact extensions must not vanish
    /// with a broken sibling.
    public var setsAsideUnreadableExtensions: Bool

    /// Creates a loader.
    public init(variables: BuildVariables = BuildVariables(), limits: PropertyListLimits = .default,
                setsAsideUnreadableExtensions: Bool = false) {
        self.variables = variables
        self.limits = limits
        self.setsAsideUnreadableExtensions = setsAsideUnreadableExtensions
    }

    /// An extension of an `.app` that could not be read, set aside.
    public struct UnreadableExtension: Sendable {
        /// The `.appex` folder.
        public var bundleURL: URL
        /// Why it could not be read.
        public var error: ManifestLoadError
    }

    /// What a path holds: its extensions, its app (if any), and what reading them found.
    public struct Result: Sendable {
        /// The extensions found, in path order.
        public var extensions: [ExtensionBundle] = []
        /// The containing app, when the path is an `.app`.
        public var application: ApplicationBundle?
        /// Problems found while reading (wrong types, duplicate keys, unexpanded variables).
        public var diagnostics: [LintDiagnostic] = []
        /// With ``ManifestLoader/setsAsideUnreadableExtensions``: the extensions whose
        /// Info.plist could not be read.
        public var unreadableExtensions: [UnreadableExtension] = []
    }

    /// Reads a path.
    /// - Throws: ``ManifestLoadError`` when the path is missing or a property list cannot be parsed.
    public func load(_ path: String) throws(ManifestLoadError) -> Result {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ManifestLoadError(.notFound, "\(path): no such file or directory")
        }
        let url = URL(fileURLWithPath: path)
        guard isDirectory.boolValue else {
            var result = Result()
            let ext = try readExtension(infoPlist: url, displayPath: path, bundleURL: nil, app: nil, into: &result)
            result.extensions = [ext]
            return result
        }
        if url.pathExtension.lowercased() == "app" { return try loadApplication(url, displayPath: path) }
        var result = Result()
        guard let info = Self.infoPlist(in: url) else {
            throw ManifestLoadError(.notABundle, "\(path): a folder without Info.plist (expected an .app or .appex bundle)")
        }
        result.extensions = [try readExtension(infoPlist: info, displayPath: path, bundleURL: url, app: nil, into: &result)]
        return result
    }

    /// Reads one extension of an app, `appex` inside `app`, with its containing app, and
    /// none of the app's other extensions (a share reads the one it runs).
    public func load(extensionAt appex: URL, inApplication app: URL) throws(ManifestLoadError) -> ExtensionBundle {
        var result = Result()
        let application = try readApplication(app, displayPath: app.path, into: &result)
        guard let info = Self.infoPlist(in: appex) else {
            throw ManifestLoadError(.notABundle, "\(appex.path): a folder without Info.plist (expected an .appex bundle)")
        }
        return try readExtension(infoPlist: info, displayPath: appex.path, bundleURL: appex, app: application, into: &result)
    }

    func loadApplication(_ url: URL, displayPath: String) throws(ManifestLoadError) -> Result {
        var result = Result()
        let app = try readApplication(url, displayPath: displayPath, into: &result)
        result.application = app
        let plugIns = [url.appendingPathComponent("PlugIns"), url.appendingPathComponent("Contents/PlugIns")]
        for folder in plugIns {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            for name in names where name.lowercased().hasSuffix(".appex") {
                let appex = folder.appendingPathComponent(name)
                let appexDisplay = Self.display(appex, under: url, as: displayPath)
                guard let info = Self.infoPlist(in: appex) else {
                    result.diagnostics.append(LintDiagnostic(.extensionMissing, nil, "\(name) has no Info.plist", file: appexDisplay))
                    continue
                }
                do {
                    result.extensions.append(try readExtension(infoPlist: info, displayPath: appexDisplay, bundleURL: appex,
                                                               app: app, into: &result))
                } catch where setsAsideUnreadableExtensions {
                    result.unreadableExtensions.append(UnreadableExtension(bundleURL: appex, error: error))
                }
            }
        }
        return result
    }

    /// The app's own Info.plist and entitlements.
    func readApplication(_ url: URL, displayPath: String, into result: inout Result) throws(ManifestLoadError) -> ApplicationBundle {
        guard let infoURL = Self.infoPlist(in: url) else {
            throw ManifestLoadError(.notABundle, "\(displayPath): an .app without Info.plist")
        }
        let appFile = Self.display(infoURL, under: url, as: displayPath)
        let document = try read(infoURL, display: appFile)
        var reader = ManifestReader(file: appFile, variables: variables, format: document.format)
        let info = reader.read(document.root)
        result.diagnostics += reader.diagnostics
        return ApplicationBundle(bundleURL: url, info: info, appGroups: readEntitlements(beside: infoURL, display: appFile, into: &result))
    }

    func readExtension(infoPlist: URL, displayPath: String, bundleURL: URL?, app: ApplicationBundle?,
                       into result: inout Result) throws(ManifestLoadError) -> ExtensionBundle {
        let file = bundleURL.map { Self.display(infoPlist, under: $0, as: displayPath) } ?? displayPath
        let document = try read(infoPlist, display: file)
        var reader = ManifestReader(file: file, variables: variables, format: document.format)
        let info = reader.read(document.root)
        result.diagnostics += reader.diagnostics
        let groups = readEntitlements(beside: infoPlist, display: file, into: &result)
        return ExtensionBundle(path: displayPath, bundleURL: bundleURL, infoPlistPath: file, info: info,
                               appGroups: groups, containingApp: app)
    }

    func read(_ url: URL, display: String) throws(ManifestLoadError) -> PropertyListDocument {
        do {
            var document = try PropertyListDocument.read(contentsOf: url, limits: limits)
            document.fileName = display
            return document
        } catch {
            var e = error
            e.fileName = display
            throw ManifestLoadError(.unreadablePropertyList, "\(display): \(error.message)", propertyListError: e)
        }
    }

    /// `com.apple.security.application-groups` from `Entitlements.plist` beside the Info.plist.
    func readEntitlements(beside infoPlist: URL, display: String, into result: inout Result) -> [String] {
        let url = infoPlist.deletingLastPathComponent().appendingPathComponent("Entitlements.plist")
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let file = (display as NSString).deletingLastPathComponent.isEmpty ? "Entitlements.plist"
            : (display as NSString).deletingLastPathComponent + "/Entitlements.plist"
        let key = "com.apple.security.application-groups"
        do {
            let document = try PropertyListDocument.read(contentsOf: url, limits: limits)
            guard let node = document.root.dictionary?[key] else { return [] }
            guard let list = node.array else {
                result.diagnostics.append(LintDiagnostic(.entitlementsUnreadable, nil, "\(key) is \(node.kindDescription), expected an array of strings",
                                                         file: file, keyPath: key, line: node.position?.line, column: node.position?.column))
                return []
            }
            var groups: [String] = []
            for (i, item) in list.enumerated() {
                guard let s = item.string else { continue }
                let group = variables.expand(s).value
                if !group.hasPrefix("group.") {
                    result.diagnostics.append(LintDiagnostic(.entitlementsAppGroup, nil,
                        "app group '\(group)' must start with 'group.'", file: file, keyPath: "\(key)[\(i)]",
                        line: item.position?.line, column: item.position?.column))
                }
                groups.append(group)
            }
            return groups
        } catch {
            result.diagnostics.append(LintDiagnostic(.entitlementsUnreadable, nil, "\(error.message)", file: file,
                                                     keyPath: error.keyPath?.description, line: error.position?.line,
                                                     column: error.position?.column))
            return []
        }
    }

    /// `Info.plist` or `Contents/Info.plist` (macOS layout) inside a bundle folder.
    package static func infoPlist(in bundle: URL) -> URL? {
        [bundle.appendingPathComponent("Info.plist"), bundle.appendingPathComponent("Contents/Info.plist")]
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// A file inside a bundle, shown relative to the path the user gave.
    static func display(_ url: URL, under root: URL, as rootDisplay: String) -> String {
        let rootPath = root.standardizedFileURL.path
        let full = url.standardizedFileURL.path
        guard full.hasPrefix(rootPath) else { return full }
        let rest = full.dropFirst(rootPath.count)
        return rootDisplay.hasSuffix("/") ? rootDisplay + rest.drop(while: { $0 == "/" }) : rootDisplay + rest
    }
}
