import ELFFormat
import Foundation
import SystemSupport

extension BundleBuilder {
    /// Gives each ELF executable and library of the assembled app that needs one of its
    /// frameworks a RUNPATH that finds them in the app's `Frameworks/`, relative to
    /// `$ORIGIN`, as Xcode's `@executable_path/../../Frameworks` does for an extension.
    ///
    /// A framework's folder is `Frameworks/<Name>.framework/`, and `DT_NEEDED` names the
    /// library alone, so each framework needed gets its own entry:
    /// `$ORIGIN/../../Frameworks/NotesKit.framework` in `PlugIns/X.appex/`,
    /// `$ORIGIN/Frameworks/NotesKit.framework` in the app. Entries relative to `$ORIGIN`
    /// (the products folder's layout) and entries inside the products folder go; other
    /// absolute entries (the Swift runtime's folder) stay. A binary that needs no framework
    /// is left as built.
    func linkFrameworks(_ parts: [Part], in app: URL) throws(RegistryError) {
        let frameworks = parts.filter { $0.relativePath.hasPrefix("Frameworks/") }
        guard !frameworks.isEmpty else { return }
        let byLibrary = Dictionary(frameworks.map { ($0.executable, $0.relativePath) }) { first, _ in first }
        let productsPaths = [products.path, products.resolvingSymlinksInPath().path]
        for part in parts {
            let binary = (part.relativePath.isEmpty ? app : app.appendingPathComponent(part.relativePath))
                .appendingPathComponent(part.executable)
            guard let image = try? ELFFile(contentsOf: binary) else { continue }  // a script, say: nothing to link
            let needed = image.neededLibraries.compactMap { byLibrary[$0] }
            guard !needed.isEmpty else { continue }
            let depth = part.relativePath.split(separator: "/").count
            let up = String(repeating: "../", count: depth)
            let kept = image.runPath.filter { entry in
                entry.hasPrefix("/") && !productsPaths.contains { entry == $0 || entry.hasPrefix($0 + "/") }
            }
            let runPath = needed.map { "$ORIGIN/" + up + $0 } + kept
            try RunPathEditor.setRunPath(runPath, of: binary)
        }
    }
}
