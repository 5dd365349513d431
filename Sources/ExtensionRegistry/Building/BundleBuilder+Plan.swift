import DeviceLayout
import Foundation
import PropertyLists

extension BundleBuilder {
    /// One bundle to assemble: the app itself or one of its extensions.
    struct Part {
        /// The folder inside the app: `""` for the app, `PlugIns/<Name>.appex` for an extension.
        var relativePath: String
        /// The source folder holding its Info.plist.
        var sourceFolder: URL
        /// `CFBundleExecutable`.
        var executable: String
        /// The built executable in the products folder.
        var executableSource: URL
    }

    /// The app, its frameworks and its extensions, each checked before anything is written:
    /// Info.plist readable, `CFBundleExecutable` set, the executable (or library) built.
    func plan() throws(BundleBuildError) -> [Part] {
        var parts = [try part(relativePath: "", folder: source)]
        for (folder, suffix) in [("Frameworks", ".framework"), ("PlugIns", ".appex")] {
            let parent = source.appendingPathComponent(folder)
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []).sorted()
            for name in names where name.hasSuffix(suffix) {
                let bundle = parent.appendingPathComponent(name)
                guard FileSystem.isDirectory(bundle) else { continue }
                parts.append(try part(relativePath: folder + "/" + name, folder: bundle))
            }
        }
        return parts
    }

    func part(relativePath: String, folder: URL) throws(BundleBuildError) -> Part {
        let infoURL = folder.appendingPathComponent("Info.plist")
        guard FileSystem.exists(infoURL) else {
            throw BundleBuildError(.missingInfoPlist, "\(infoURL.path): no such file; every bundle needs an Info.plist")
        }
        let document = try read(infoURL)
        let entitlements = folder.appendingPathComponent("Entitlements.plist")
        if FileSystem.exists(entitlements) { _ = try read(entitlements) }
        guard let node = document.root.dictionary?["CFBundleExecutable"] else {
            throw BundleBuildError(.missingExecutableKey, "\(infoURL.path): CFBundleExecutable is missing")
        }
        guard let name = node.string, PlainName.isPlain(name), !name.contains("$(") else {
            throw BundleBuildError(.missingExecutableKey,
                "\(infoURL.path)\(node.position.map { ":\($0.line):\($0.column)" } ?? ""): CFBundleExecutable must be a file name, not \(node.string.map { "'\($0)'" } ?? node.kindDescription)")
        }
        let built = products.appendingPathComponent(name)
        // A framework's library need not be executable (Debian installs libraries 0644).
        let library = relativePath.hasPrefix("Frameworks/")
        guard library ? FileManager.default.isReadableFile(atPath: built.path) : FileManager.default.isExecutableFile(atPath: built.path),
              !FileSystem.isDirectory(built) else {
            let why = FileSystem.exists(built) ? (library ? "is not a readable file" : "is not an executable file") : "does not exist"
            throw BundleBuildError(.missingExecutable, "\(built.path) \(why) (CFBundleExecutable of \(infoURL.path))")
        }
        return Part(relativePath: relativePath, sourceFolder: folder, executable: name, executableSource: built)
    }

    func read(_ url: URL) throws(BundleBuildError) -> PropertyListDocument {
        do {
            return try PropertyListDocument.read(contentsOf: url)
        } catch {
            var e = error
            e.fileName = url.path
            throw BundleBuildError(.unreadablePropertyList, "\(e)")
        }
    }

    /// Copies one part's plists, resources and executable into the app being assembled.
    func assemble(_ part: Part, into app: URL) throws(RegistryError) {
        let folder = part.relativePath.isEmpty ? app : app.appendingPathComponent(part.relativePath)
        try FileSystem.createDirectory(folder)
        // Storyboards (`Base.lproj/MainInterface.storyboard`, an extension's NSExtensionMainStoryboard)
        // and other localized folders travel as iOS bundles carry them.
        let listed: [String]
        do {
            listed = try FileManager.default.contentsOfDirectory(atPath: part.sourceFolder.path)
        } catch {
            throw RegistryError(.fileSystem, "\(part.sourceFolder.path) cannot be listed: \(error.localizedDescription)")
        }
        let localized = listed.filter { $0.hasSuffix(".lproj") || $0.hasSuffix(".storyboard") }.sorted()
        for name in ["Info.plist", "Entitlements.plist", "Resources"] + localized {
            let item = part.sourceFolder.appendingPathComponent(name)
            if FileSystem.exists(item) { try FileSystem.copy(item, to: folder.appendingPathComponent(name)) }
        }
        let executable = folder.appendingPathComponent(part.executable)
        guard !FileSystem.exists(executable) else {
            throw RegistryError(.fileSystem, "\(part.sourceFolder.path) already has a file named \(part.executable), the bundle's executable")
        }
        let source = part.executableSource.resolvingSymlinksInPath()
        try FileSystem.copy(source, to: executable)
        let mode = (try? FileManager.default.attributesOfItem(atPath: source.path))?[.posixPermissions] as? NSNumber
        do {
            try FileManager.default.setAttributes([.posixPermissions: NSNumber(value: mode?.intValue ?? 0o755)],
                                                  ofItemAtPath: executable.path)
        } catch {
            throw RegistryError(.fileSystem, "\(executable.path): cannot set its permissions: \(error.localizedDescription)")
        }
    }
}
