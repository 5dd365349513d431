import ExtensionManifest
import Foundation
import Testing

/// One icon lookup: the keys of each Info.plist, the files laid out under the temporary
/// folder, and the file expected (relative to that folder), or none.
struct IconCase: CustomTestStringConvertible, Sendable {
    /// What a path under the temporary folder holds.
    enum Entry: Sendable {
        /// A regular file of this many bytes.
        case file(Int)
        /// A symbolic link to this target, as written.
        case link(String)
        /// A folder.
        case folder
    }

    var name: String
    var extensionKeys: [String: SendablePlistValue] = [:]
    var appKeys: [String: SendablePlistValue] = [:]
    var entries: [(String, Entry)] = []
    var expected: String?
    var testDescription: String { name }
}

/// A property-list value the table can hold.
enum SendablePlistValue: Sendable {
    case string(String)
    case strings([String])
    case primaryIconFiles([String])

    var plist: Any {
        switch self {
        case .string(let s): s
        case .strings(let list): list
        case .primaryIconFiles(let list): ["CFBundlePrimaryIcon": ["CFBundleIconFiles": list]]
        }
    }
}

let appex = "Notes.app/PlugIns/Share.appex"

@Test(arguments: [
    IconCase(name: "iOS style: the last listed file that exists, .png added",
             extensionKeys: ["CFBundleIcons": .primaryIconFiles(["Icon-29", "Icon-60"])],
             entries: [("\(appex)/Icon-29.png", .file(10)), ("\(appex)/Icon-60.png", .file(10))],
             expected: "\(appex)/Icon-60.png"),
    IconCase(name: "iOS style: an earlier name when the last is missing",
             extensionKeys: ["CFBundleIcons": .primaryIconFiles(["Icon-29", "Icon-60"])],
             entries: [("\(appex)/Icon-29.png", .file(10))],
             expected: "\(appex)/Icon-29.png"),
    IconCase(name: "iOS style: a name with its extension, as written",
             extensionKeys: ["CFBundleIcons": .primaryIconFiles(["share.svg"])],
             entries: [("\(appex)/share.svg", .file(10))],
             expected: "\(appex)/share.svg"),
    IconCase(name: "macOS style: CFBundleIconFile without extension in Contents/Resources, .svg added",
             extensionKeys: ["CFBundleIconFile": .string("ShareIcon")],
             entries: [("\(appex)/Contents/Resources/ShareIcon.svg", .file(10))],
             expected: "\(appex)/Contents/Resources/ShareIcon.svg"),
    IconCase(name: "macOS style: CFBundleIconFile with its extension",
             extensionKeys: ["CFBundleIconFile": .string("ShareIcon.png")],
             entries: [("\(appex)/ShareIcon.png", .file(10))],
             expected: "\(appex)/ShareIcon.png"),
    IconCase(name: "CFBundleIconFiles before CFBundleIconFile",
             extensionKeys: ["CFBundleIcons": .primaryIconFiles(["Icon-60"]), "CFBundleIconFile": .string("Other.png")],
             entries: [("\(appex)/Icon-60.png", .file(10)), ("\(appex)/Other.png", .file(10))],
             expected: "\(appex)/Icon-60.png"),
    IconCase(name: "the containing app's icon when the extension declares none",
             appKeys: ["CFBundleIcons": .primaryIconFiles(["AppIcon60x60"])],
             entries: [("Notes.app/AppIcon60x60.png", .file(10))],
             expected: "Notes.app/AppIcon60x60.png"),
    IconCase(name: "the containing app's icon when the extension's file is missing",
             extensionKeys: ["CFBundleIconFile": .string("Gone.png")], appKeys: ["CFBundleIconFile": .string("App.png")],
             entries: [("Notes.app/App.png", .file(10))],
             expected: "Notes.app/App.png"),
    IconCase(name: "the extension's own icon before the app's",
             extensionKeys: ["CFBundleIconFile": .string("Share.png")], appKeys: ["CFBundleIconFile": .string("App.png")],
             entries: [("\(appex)/Share.png", .file(10)), ("Notes.app/App.png", .file(10))],
             expected: "\(appex)/Share.png"),
    IconCase(name: "missing file: no icon",
             extensionKeys: ["CFBundleIcons": .primaryIconFiles(["Icon-60"])], appKeys: ["CFBundleIconFile": .string("App")]),
    IconCase(name: "no keys: no icon", entries: [("\(appex)/Icon.png", .file(10))]),
    IconCase(name: "a symbolic link inside the bundle: its target",
             extensionKeys: ["CFBundleIconFile": .string("Icon.png")],
             entries: [("\(appex)/Real.png", .file(10)), ("\(appex)/Icon.png", .link("Real.png"))],
             expected: "\(appex)/Real.png"),
    IconCase(name: "a symbolic link escaping the bundle: ignored",
             extensionKeys: ["CFBundleIconFile": .string("Icon.png")],
             entries: [("secret.png", .file(10)), ("\(appex)/Icon.png", .link("../../../secret.png"))]),
    IconCase(name: "an extension's link into its containing app is outside the extension: ignored",
             extensionKeys: ["CFBundleIconFile": .string("Icon.png")],
             entries: [("Notes.app/App.png", .file(10)), ("\(appex)/Icon.png", .link("../../App.png"))]),
    IconCase(name: "a name climbing out of the bundle: ignored",
             extensionKeys: ["CFBundleIconFile": .string("../../../secret.png")],
             entries: [("secret.png", .file(10))]),
    IconCase(name: "an absolute name: looked up inside the bundle only",
             extensionKeys: ["CFBundleIconFile": .string("/etc/hostname")]),
    IconCase(name: "oversize file: ignored",
             extensionKeys: ["CFBundleIconFile": .string("Icon.png")],
             entries: [("\(appex)/Icon.png", .file(BundleIcon.maximumSize + 1))]),
    IconCase(name: "exactly the limit: accepted",
             extensionKeys: ["CFBundleIconFile": .string("Icon.png")],
             entries: [("\(appex)/Icon.png", .file(BundleIcon.maximumSize))],
             expected: "\(appex)/Icon.png"),
    IconCase(name: "not a file (a folder): ignored, the next suffix tried",
             extensionKeys: ["CFBundleIconFile": .string("Icon")],
             entries: [("\(appex)/Icon", .folder), ("\(appex)/Icon.svg", .file(10))],
             expected: "\(appex)/Icon.svg"),
    IconCase(name: "not a file (a folder) and nothing else: no icon",
             extensionKeys: ["CFBundleIconFile": .string("Icon.png")],
             entries: [("\(appex)/Icon.png", .folder)]),
])
func bundleIcon(_ c: IconCase) throws {
    try withTemporaryDirectory { dir in
        let app = try makeApp(in: dir)
        let share = app.appendingPathComponent("PlugIns/Share.appex")
        try addKeys(c.appKeys, to: app.appendingPathComponent("Info.plist"))
        try addKeys(c.extensionKeys, to: share.appendingPathComponent("Info.plist"))
        for (path, entry) in c.entries {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            switch entry {
            case .file(let size): try Data(count: size).write(to: url)
            case .link(let target): try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
            case .folder: try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            }
        }
        let loaded = try ManifestLoader().load(app.path)
        let bundle = try #require(loaded.extensions.first)
        let resolved = try #require(realpath(dir.path, nil))
        defer { free(resolved) }
        let root = String(cString: resolved)
        #expect(bundle.iconFileURL()?.path == c.expected.map { root + "/" + $0 })
        #expect(!loaded.diagnostics.contains { $0.code == .bundleWrongType }, "\(loaded.diagnostics)")
    }
}

@Test func iconKeysOfTheWrongTypeAreReported() throws {
    try withTemporaryDirectory { dir in
        let app = try makeApp(in: dir)
        try addKeys(["CFBundleIcons": .strings(["Icon"])], to: app.appendingPathComponent("PlugIns/Share.appex/Info.plist"))
        let loaded = try ManifestLoader().load(app.path)
        #expect(loaded.diagnostics.contains { $0.code == .bundleWrongType && $0.keyPath == "CFBundleIcons" }, "\(loaded.diagnostics)")
        #expect(try #require(loaded.extensions.first).info.iconFiles.isEmpty)
    }
}

/// Adds `keys` to the property list at `url`, keeping its format.
private func addKeys(_ keys: [String: SendablePlistValue], to url: URL) throws {
    guard !keys.isEmpty else { return }
    var format = PropertyListSerialization.PropertyListFormat.xml
    let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), options: [], format: &format)
    var dict = try #require(plist as? [String: Any])
    for (key, value) in keys { dict[key] = value.plist }
    try PropertyListSerialization.data(fromPropertyList: dict, format: format, options: 0).write(to: url)
}
