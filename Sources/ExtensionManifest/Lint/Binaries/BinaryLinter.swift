import ELFFormat
import Foundation

/// Checks an app bundle's built binaries: where its frameworks are, what each executable
/// and framework library needs, whether extensions link extension-safe frameworks, and
/// whether they use what extensions may not (docs/BUNDLES.md, docs/LINT.md "binary").
///
/// A bundle is untrusted input: its files are read through ``ELFFile``, which checks every
/// offset, and a file that is not ELF (a script) is left alone.
struct BinaryLinter: Sendable {
    /// Where libraries are searched.
    var search = LibrarySearch.system

    /// One framework of the app's `Frameworks/`.
    struct Framework {
        var folder: String
        var library: URL
        var image: ELFFile?
        /// Built with the ApplicationExtensionAPIOnly plugin (read once, whichever extensions link it).
        var isExtensionSafe: Bool
    }

    /// The findings for `app` and its `extensions`, with files shown under `displayPath`, in
    /// a stable order: the app, its extensions, then its frameworks by name.
    func lint(app: ApplicationBundle, extensions: [ExtensionBundle], displayPath: String) -> [LintDiagnostic] {
        let appURL = app.bundleURL.standardizedFileURL
        let shown = { (url: URL) in displayPath + String(url.standardizedFileURL.path.dropFirst(appURL.path.count)) }
        var findings: [LintDiagnostic] = []
        let frameworks = findFrameworks(in: appURL, shown: shown, &findings)
        var images: [(url: URL, image: ELFFile, isExtension: Bool)] = []
        var executables: [(URL, Bool)] = app.info.executable.map { [(appURL.appendingPathComponent($0), false)] } ?? []
        for ext in extensions {
            guard let bundle = ext.bundleURL, let name = ext.info.executable else { continue }
            executables.append((bundle.appendingPathComponent(name), true))
        }
        for (url, isExtension) in executables {
            if let image = read(url, shown: shown, &findings) { images.append((url, image, isExtension)) }
        }
        let ordered = frameworks.sorted { $0.key < $1.key }.map(\.value)
        for framework in ordered {
            if let image = framework.image { images.append((framework.library, image, false)) }
        }

        for ext in extensions {
            guard let bundle = ext.bundleURL else { continue }
            let executable = ext.info.executable.map { bundle.appendingPathComponent($0) }
            let image = images.first { $0.url == executable }?.image
            checkPrincipalClass(ext, bundle: bundle, image: image, executable: executable, shown: shown, &findings)
        }

        let byLibrary = Dictionary(ordered.map { ($0.library.lastPathComponent, $0) }) { first, _ in first }
        for (url, image, isExtension) in images {
            checkNeeded(image, at: url, appURL: appURL, frameworks: byLibrary, shown: shown, &findings)
            guard isExtension else { continue }
            let linked = image.neededLibraries.compactMap { byLibrary[$0] }
            for framework in linked where framework.image != nil && !framework.isExtensionSafe {
                findings.append(LintDiagnostic(.frameworkNotExtensionSafe, nil,
                    "linking against a dylib which is not safe for use in application extensions: Frameworks/\(framework.folder)/\(framework.library.lastPathComponent) (build \(framework.folder) with the ApplicationExtensionAPIOnly plugin, Xcode's \"Require Only App-Extension-Safe API\")",
                    file: shown(url)))
            }
            checkSymbols(image, at: url, shown: shown, via: nil, &findings)
            for framework in linked { if let library = framework.image { checkSymbols(library, at: framework.library, shown: shown, via: url, &findings) } }
        }
        return findings
    }

    /// Whether a library was built with the ApplicationExtensionAPIOnly plugin: it exports
    /// the marker symbol, the analogue of `MH_APP_EXTENSION_SAFE`.
    static func isExtensionSafe(_ library: ELFFile) -> Bool {
        ((try? library.symbols(.dynamic)) ?? []).contains { $0.isDefined && $0.name.hasPrefix(ExtensionSafety.markerPrefix) }
    }

    /// Reads `url` as ELF; a file that is not ELF is skipped, one that is broken is an error.
    func read(_ url: URL, shown: (URL) -> String, _ findings: inout [LintDiagnostic]) -> ELFFile? {
        do {
            let image = try ELFFile(contentsOf: url)
            if image.sections.isEmpty {
                findings.append(LintDiagnostic(.binaryUnreadable, nil,
                    "\(url.lastPathComponent) has no section headers: Appex cannot check the libraries and symbols it uses", file: shown(url)))
                return nil
            }
            return image
        } catch where error.code == .notELF || error.code == .unreadable {
            return nil  // a script, or a file install checks on its own
        } catch {
            findings.append(LintDiagnostic(.binaryUnreadable, nil, "\(url.lastPathComponent) is not a well-formed ELF file: \(error.message)",
                                           file: shown(url)))
            return nil
        }
    }
}
