import ELFFormat
import Foundation

extension BinaryLinter {
    /// Each `DT_NEEDED` library must load where the binary runs: from a framework of the app
    /// through its RUNPATH, or from the system's or the Swift runtime's folders, which the
    /// sandbox shows. Anything else fails only when the extension runs.
    func checkNeeded(_ image: ELFFile, at url: URL, appURL: URL, frameworks: [String: Framework],
                     shown: (URL) -> String, _ findings: inout [LintDiagnostic]) {
        let frameworksPath = appURL.appendingPathComponent("Frameworks").path + "/"
        for name in image.neededLibraries {
            let folder = search.folder(of: name, neededBy: url, runPath: image.rPath + image.runPath)
            if let folder, (folder + "/").hasPrefix(frameworksPath) || search.isSystemFolder(folder) || Self.isSwiftRuntime(folder) {
                continue
            }
            let message: String
            if let folder, (folder + "/").hasPrefix(appURL.path + "/") {
                message = "needs \(name), found in \(String(folder.dropFirst(appURL.path.count + 1))), which is not a framework of the app's Frameworks/"
            } else if let folder {
                message = "needs \(name), found only in \(folder): outside the bundle and the system's folders, so neither another machine nor the sandbox has it"
            } else if let framework = frameworks[name] {
                message = "needs \(name), which is in Frameworks/\(framework.folder) but not on its RUNPATH (\(image.runPath.joined(separator: ":"))): `appex bundle` sets it"
            } else {
                message = "needs \(name), which is neither in the app's Frameworks/ nor a system or Swift runtime library: it would fail to load when it runs"
            }
            findings.append(LintDiagnostic(.binaryMissingLibrary, nil, "\(url.lastPathComponent) \(message)", file: shown(url)))
        }
    }

    /// The folder of the Swift runtime that the toolchain linked against (it holds libswiftCore.so).
    static func isSwiftRuntime(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: folder + "/libswiftCore.so")
    }

    /// One error per unavailable module the binary's symbols belong to, naming the first.
    func checkSymbols(_ image: ELFFile, at url: URL, shown: (URL) -> String, via extensionURL: URL?, _ findings: inout [LintDiagnostic]) {
        // Both tables list most symbols: each name counts once. A module's symbols hold its
        // mangled name (`13ExtensionHost`), which the string tables are searched for.
        var names = Set<String>()
        for table in [ELFFile.SymbolTable.dynamic, .full] {
            for (module, _) in ExtensionSafety.unavailableModules {
                names.formUnion((try? image.symbolNames(in: table, containing: "\(module.utf8.count)\(module)")) ?? [])
            }
        }
        var found: [String: (first: String, count: Int)] = [:]
        for name in names.sorted() {
            guard let module = ExtensionSafety.unavailableModule(of: name[...]) else { continue }
            found[module, default: (name, 0)].count += 1
            // Name a symbol whose type reads plainly (`$s13ExtensionHost16ExtensionCatalogV…`).
            if !ExtensionSafety.readsPlainly(found[module]?.first ?? "", module: module), ExtensionSafety.readsPlainly(name, module: module) {
                found[module]?.first = name
            }
        }
        for (module, why) in ExtensionSafety.unavailableModules {
            guard let (first, count) = found[module] else { continue }
            let readable = ExtensionSafety.readableName(of: first[...], module: module)
            let whose = extensionURL.map { "\(url.lastPathComponent), which the extension \($0.lastPathComponent) links," } ?? url.lastPathComponent
            let more = count > 1 ? " and \(count - 1) more of its symbols" : ""
            findings.append(LintDiagnostic(.binaryUnavailableSymbol, nil,
                "\(whose) refers to \(readable) (\(first))\(more): \(module) is unavailable in app extensions, \(why)",
                file: shown(url)))
        }
    }
}
