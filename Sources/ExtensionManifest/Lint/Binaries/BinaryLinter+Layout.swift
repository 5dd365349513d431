import ELFFormat
import Foundation

extension BinaryLinter {
    /// The app's frameworks by folder name; every framework or shared library elsewhere in
    /// the bundle is a `framework.misplaced` error.
    func findFrameworks(in app: URL, shown: (URL) -> String, _ findings: inout [LintDiagnostic]) -> [String: Framework] {
        var frameworks: [String: Framework] = [:]
        let frameworksFolder = app.appendingPathComponent("Frameworks").path
        guard let walker = FileManager.default.enumerator(at: app, includingPropertiesForKeys: [.isDirectoryKey, .isSymbolicLinkKey]) else {
            return frameworks
        }
        for case let url as URL in walker {
            let url = url.standardizedFileURL
            let name = url.lastPathComponent
            let parent = url.deletingLastPathComponent().path
            let isDirectory = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
            if isDirectory && name == "Frameworks" && url.path != frameworksFolder {
                let inExtension = url.deletingLastPathComponent().pathExtension == "appex"
                findings.append(LintDiagnostic(.frameworkMisplaced, nil, inExtension
                    ? "an extension may not have a Frameworks folder of its own: the App Store rejects it (ITMS-90206); embed frameworks in the containing app's Frameworks/, where its extensions load them"
                    : "a Frameworks folder below the app's top level: frameworks belong in the app's own Frameworks/",
                    file: shown(url)))
                walker.skipDescendants()
                continue
            }
            if isDirectory && name == "SharedFrameworks" {
                findings.append(LintDiagnostic(.frameworkMisplaced, nil,
                    "frameworks copied to SharedFrameworks are rejected by the App Store (Apple's App Extension Programming Guide); embed them in Frameworks/, where the app and its extensions load them",
                    file: shown(url)))
                walker.skipDescendants()
                continue
            }
            if isDirectory && url.pathExtension == "framework" {
                walker.skipDescendants()
                guard parent == frameworksFolder else {
                    findings.append(LintDiagnostic(.frameworkMisplaced, nil,
                        "\(name) is outside the app's Frameworks/, where a framework belongs", file: shown(url)))
                    continue
                }
                if let framework = readFramework(url, shown: shown, &findings) { frameworks[name] = framework }
                continue
            }
            if !isDirectory && Self.looksLikeSharedLibrary(name) && parent != frameworksFolder {
                findings.append(LintDiagnostic(.frameworkMisplaced, nil,
                    "\(name) is a shared library outside a framework: put it in a framework of the app's Frameworks/, with an Info.plist",
                    file: shown(url)))
            }
        }
        return frameworks
    }

    /// `libX.so` or `libX.so.1.2`.
    static func looksLikeSharedLibrary(_ name: String) -> Bool {
        name.hasSuffix(".so") || name.range(of: #"\.so(\.[0-9]+)+$"#, options: .regularExpression) != nil
    }

    /// A framework folder's Info.plist and library.
    func readFramework(_ folder: URL, shown: (URL) -> String, _ findings: inout [LintDiagnostic]) -> Framework? {
        let info = folder.appendingPathComponent("Info.plist")
        guard let data = FileManager.default.contents(atPath: info.path),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else {
            findings.append(LintDiagnostic(.bundleMissingKey, nil,
                "\(folder.lastPathComponent) has no readable Info.plist: a framework needs one whose CFBundleExecutable names its shared library",
                file: shown(info)))
            return nil
        }
        guard let name = plist["CFBundleExecutable"] as? String, !name.isEmpty, !name.contains("/") else {
            findings.append(LintDiagnostic(.bundleMissingKey, nil, "CFBundleExecutable is missing: it names the framework's shared library",
                                           file: shown(info), keyPath: "CFBundleExecutable"))
            return nil
        }
        let library = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: library.path) else {
            findings.append(LintDiagnostic(.binaryMissingLibrary, nil,
                "CFBundleExecutable names \(name), which \(folder.lastPathComponent) does not have", file: shown(info), keyPath: "CFBundleExecutable"))
            return nil
        }
        let image = read(library, shown: shown, &findings)
        return Framework(folder: folder.lastPathComponent, library: library, image: image,
                         isExtensionSafe: image.map(Self.isExtensionSafe) ?? false)
    }
}
