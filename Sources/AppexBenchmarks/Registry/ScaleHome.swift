import DeviceLayout
import ExtensionRegistry
import Foundation

/// A home with about a thousand installed extensions, generated from the real rules of
/// the corpus (Tests/Corpus/extension-plists): apps of ten extensions each, every
/// extension an Info.plist of the corpus under a new identifier, with a tiny executable.
struct ScaleHome {
    let root: URL
    let home: AppexHome
    let registry: ExtensionRegistry
    /// The corpus Info.plists an app installs with (those that install alone).
    let usable: [[String: Any]]
    /// Whether each extension's rule is made a text of its own (``distinct(_:index:)``).
    let distinctRules: Bool
    /// How many apps and extensions are installed.
    private(set) var apps = 0
    private(set) var extensions = 0
    /// The time each app's install took, in nanoseconds.
    private(set) var installTimes: [Double] = []

    static let extensionsPerApp = 10

    /// A new home in the temporary folder, with the usable corpus plists found.
    init(corpus: String, distinctRules: Bool = false) throws {
        self.distinctRules = distinctRules
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("appex-bench-scale-\(UUID().uuidString.prefix(8))")
        self.root = root
        home = AppexHome(root: root.appendingPathComponent("home"))
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        registry = try ExtensionRegistry(home: home)
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus).filter { $0.hasSuffix(".plist") }.sorted()
        var plists: [[String: Any]] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: corpus + "/" + file),
                  let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else { continue }
            plists.append(plist)
        }
        // Only the plists that install on their own: a rule the registry refuses (an
        // unknown point, a build variable) would refuse its whole app.
        let trial = try ExtensionRegistry(home: AppexHome(root: root.appendingPathComponent("trial")))
        usable = try plists.enumerated().filter { index, plist in
            let app = try Self.makeApp(in: root.appendingPathComponent("trial-apps"), name: "trial\(index)", extensions: [plist])
            return (try? trial.install(appAt: app)) != nil
        }.map(\.1)
    }

    /// Installs apps until `count` extensions are installed, timing each install.
    mutating func install(extensions count: Int) throws {
        while extensions < count {
            let plists = (0..<Self.extensionsPerApp).map { offset in
                let plist = usable[(extensions + offset) % usable.count]
                return distinctRules ? Self.distinct(plist, index: extensions + offset) : plist
            }
            let app = try Self.makeApp(in: root.appendingPathComponent("apps"), name: "app\(apps)", extensions: plists)
            let start = ContinuousClock.now
            _ = try registry.install(appAt: app)
            installTimes.append(Self.nanoseconds(ContinuousClock.now - start))
            apps += 1
            extensions += plists.count
        }
    }

    /// One more app (for the install benchmark), not yet installed.
    func makeSpareApp(_ index: Int) throws -> URL {
        try Self.makeApp(in: root.appendingPathComponent("spare"), name: "spare\(index)",
                         extensions: (0..<Self.extensionsPerApp).map { usable[$0 % usable.count] })
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// `plist` with a rule text no other extension has, deciding a share of a few items as
    /// before: a predicate gets `AND extensionItems.@count < N` with N unique (past any
    /// share's count), a dictionary's counts of one or more become 1000 + `index` (a count
    /// of 0, "none", stays). So that no two extensions share a parsed rule or a decision
    /// (``SharedActivationRule``), as in a catalog whose rules all differ.
    static func distinct(_ plist: [String: Any], index: Int) -> [String: Any] {
        guard var declaration = plist["NSExtension"] as? [String: Any],
              var attributes = declaration["NSExtensionAttributes"] as? [String: Any] else { return plist }
        switch attributes["NSExtensionActivationRule"] {
        case let predicate as String:
            attributes["NSExtensionActivationRule"] = "(\(predicate)) AND extensionItems.@count < \(1_000_000 + index)"
        case var dictionary as [String: Any]:
            for (key, value) in dictionary {
                if key.hasSuffix("MaxCount"), let count = value as? Int, count >= 1 { dictionary[key] = 1000 + index }
            }
            attributes["NSExtensionActivationRule"] = dictionary
        default:
            return plist
        }
        declaration["NSExtensionAttributes"] = attributes
        var copy = plist
        copy["NSExtension"] = declaration
        return copy
    }

    /// `Name.app` in `folder` with an extension per plist, identifiers rewritten.
    static func makeApp(in folder: URL, name: String, extensions: [[String: Any]]) throws -> URL {
        let app = folder.appendingPathComponent("\(name).app")
        let identifier = "com.bench.\(name)"
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try write(["CFBundleIdentifier": identifier, "CFBundleDisplayName": name, "CFBundleExecutable": "app",
                   "CFBundleVersion": "1", "CFBundleShortVersionString": "1.0"], to: app.appendingPathComponent("Info.plist"))
        try executable(at: app.appendingPathComponent("app"))
        for (index, original) in extensions.enumerated() {
            let bundle = app.appendingPathComponent("PlugIns/Ext\(index).appex")
            try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
            var plist = original
            plist["CFBundleIdentifier"] = "\(identifier).ext\(index)"
            plist["CFBundleExecutable"] = "ext"
            plist["CFBundleDisplayName"] = "\(name) \(index)"
            plist["CFBundleName"] = "\(name) \(index)"
            plist["CFBundleVersion"] = "1"
            plist["CFBundleShortVersionString"] = "1.0"
            try write(plist, to: bundle.appendingPathComponent("Info.plist"))
            try executable(at: bundle.appendingPathComponent("ext"))
        }
        return app
    }

    private static func write(_ plist: [String: Any], to url: URL) throws {
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: url)
    }

    private static func executable(at url: URL) throws {
        try Data("#!/bin/sh\nexit 0\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }

    static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }
}
