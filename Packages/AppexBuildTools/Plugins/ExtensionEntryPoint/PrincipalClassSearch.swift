import Foundation

/// Where the principal class was found, or why it was not.
enum PrincipalClass: Equatable {
    /// `NSExtensionPrincipalClass` names `name`: made with `init()`.
    case principal(name: String, plist: String)
    /// The storyboard's initial view controller is a `name`: made with `init(coder:)`, as a
    /// storyboard makes it.
    case storyboard(name: String, storyboard: String)
    /// Nothing names a class: why.
    case missing(String)
}

/// Finds an extension's Info.plist and, in it or its storyboard, its principal class.
struct PrincipalClassSearch {
    let targetFolder: URL
    let packageFolder: URL
    let executable: String

    func find() -> PrincipalClass {
        guard let plistURL = infoPlist() else {
            return .missing("no Info.plist for \(executable): none in \(targetFolder.path), and no PlugIns/*.appex/Info.plist in \(packageFolder.path) whose CFBundleExecutable is \(executable)")
        }
        guard let plist = Self.dictionary(plistURL), let ext = plist["NSExtension"] as? [String: Any] else {
            return .missing("\(plistURL.path) has no NSExtension dictionary")
        }
        if let name = ext["NSExtensionPrincipalClass"] as? String {
            let bare = Self.bareClassName(name)
            guard Self.isIdentifier(bare) else {
                return .missing("\(plistURL.path): NSExtensionPrincipalClass \"\(name)\" is not a Swift class name")
            }
            return .principal(name: bare, plist: plistURL.path)
        }
        guard let storyboardName = ext["NSExtensionMainStoryboard"] as? String else {
            return .missing("\(plistURL.path): NSExtension has neither NSExtensionPrincipalClass nor NSExtensionMainStoryboard")
        }
        guard let storyboard = storyboardFile(named: storyboardName, near: plistURL) else {
            return .missing("\(plistURL.path): NSExtensionMainStoryboard is \"\(storyboardName)\", but no \(storyboardName).storyboard is in \(targetFolder.path) or beside the Info.plist")
        }
        switch StoryboardInitialClass.read(storyboard) {
        case .success(let name):
            return .storyboard(name: Self.bareClassName(name), storyboard: storyboard.path)
        case .failure(let problem):
            return .missing("\(storyboard.path): \(problem.message)")
        }
    }

    /// `Info.plist` under the target's folder, else a bundle's whose executable is this one.
    private func infoPlist() -> URL? {
        if let own = Self.files(under: targetFolder).first(where: { $0.lastPathComponent == "Info.plist" }) { return own }
        return Self.files(under: packageFolder)
            .filter { $0.lastPathComponent == "Info.plist" && $0.deletingLastPathComponent().pathExtension == "appex" }
            .first { (Self.dictionary($0)?["CFBundleExecutable"] as? String) == executable }
    }

    private func storyboardFile(named name: String, near plist: URL) -> URL? {
        let folders = [targetFolder, plist.deletingLastPathComponent()]
        return folders.lazy.flatMap { Self.files(under: $0) }.first { $0.lastPathComponent == name + ".storyboard" }
    }

    /// Every file under `folder`, skipping hidden and build folders.
    static func files(under folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil,
                                                          options: [.skipsHiddenFiles]) else { return [] }
        var found: [URL] = []
        for case let url as URL in walker {
            if url.lastPathComponent.hasPrefix(".build") { walker.skipDescendants() }
            found.append(url)
        }
        return found
    }

    static func dictionary(_ url: URL) -> [String: Any]? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: Any]
    }

    /// `$(PRODUCT_MODULE_NAME).ShareViewController` and `Module.ShareViewController` name
    /// `ShareViewController` of the extension's own module.
    static func bareClassName(_ name: String) -> String {
        String(name.split(separator: ".").last ?? Substring(name))
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || CharacterSet.letters.contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || CharacterSet.alphanumerics.contains($0) }
    }
}
