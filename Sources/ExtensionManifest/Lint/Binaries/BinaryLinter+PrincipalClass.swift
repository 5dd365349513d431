import ELFFormat
import Foundation

extension BinaryLinter {
    /// The extension's principal class: its storyboard is in the bundle and names a class
    /// (`extension.storyboard`), and the class — by NSExtensionPrincipalClass or the
    /// storyboard — is one the executable defines (`extension.principal-class`). The class is
    /// looked for as its Swift type descriptor (`$s<module><length><name>CMn`, or `VMn`/`OMn` for
    /// the struct or enum Appex's own entry points also take); an executable
    /// without a symbol table is not checked.
    func checkPrincipalClass(_ ext: ExtensionBundle, bundle: URL, image: ELFFile?, executable: URL?,
                             shown: (URL) -> String, _ findings: inout [LintDiagnostic]) {
        guard let declaration = ext.info.extensionDeclaration else { return }
        let name: String
        let source: String
        if let principal = declaration.principalClass {
            name = String(principal.split(separator: ".").last ?? Substring(principal))
            source = "NSExtensionPrincipalClass"
        } else if let storyboard = declaration.mainStoryboard {
            let candidates = [bundle.appendingPathComponent("Base.lproj/\(storyboard).storyboard"), bundle.appendingPathComponent("\(storyboard).storyboard")]
            guard let file = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
                findings.append(LintDiagnostic(.extensionStoryboard, nil,
                    "NSExtensionMainStoryboard is \"\(storyboard)\", but the bundle has no Base.lproj/\(storyboard).storyboard or \(storyboard).storyboard: the system has no view controller to start",
                    file: ext.infoPlistPath, keyPath: "NSExtension.NSExtensionMainStoryboard"))
                return
            }
            let xml: String
            do {
                xml = try String(contentsOf: file, encoding: .utf8)
            } catch {
                findings.append(LintDiagnostic(.extensionStoryboard, nil, "\(file.lastPathComponent) cannot be read as UTF-8 text: \(error.localizedDescription)",
                                               file: shown(file)))
                return
            }
            switch StoryboardScan.initialClass(in: xml) {
            case .success(let found):
                name = String(found.split(separator: ".").last ?? Substring(found))
                source = "the initial view controller of \(file.lastPathComponent)"
            case .failure(let problem):
                let why = switch problem {
                case .noInitialViewController: "it has no initialViewController"
                case .noCustomClass(let id): "its initial view controller (\(id)) has no customClass: it names no class of the extension's"
                case .noSuchController(let id): "its initialViewController is \(id), but no view controller has that id"
                }
                findings.append(LintDiagnostic(.extensionStoryboard, nil, "\(file.lastPathComponent): \(why)", file: shown(file)))
                return
            }
        } else {
            return  // extension.entry-point says so
        }
        guard let image, let executable else { return }
        let length = "\(name.utf8.count)\(name)"
        var names = Set<String>()
        var tables = 0
        for table in [ELFFile.SymbolTable.dynamic, .full] {
            // A table the file lacks (or one read() already reported as damaged) is not searched.
            guard let found = try? image.symbolNames(in: table, containing: length) else { continue }
            tables += 1
            names.formUnion(found)
        }
        guard tables > 0 else { return }
        // A class (`C`); Appex's own entry points also take a struct or an enum (`V`, `O`).
        let isType = names.contains { name in name.hasPrefix("$s") && ["C", "V", "O"].contains { name.hasSuffix("\(length)\($0)Mn") } }
        guard !isType else { return }
        findings.append(LintDiagnostic(.extensionPrincipalClass, nil,
            "\(source) names the class \(name), which \(executable.lastPathComponent) does not define: the system cannot start the extension",
            file: shown(executable), keyPath: declaration.principalClass != nil ? "NSExtension.NSExtensionPrincipalClass" : nil))
    }
}
