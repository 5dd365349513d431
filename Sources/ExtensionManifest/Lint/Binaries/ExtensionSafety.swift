/// What an app extension may not use, and how a built binary shows that it was built to
/// use only the rest (docs/BUNDLES.md, "Extension-safe API").
///
/// The `ApplicationExtensionAPIOnly` build plugin (Packages/AppexBuildTools) is Xcode's
/// "Require Only App-Extension-Safe API": in the targets it is applied to, the public types
/// of ``unavailableModules`` do not compile, and it exports a symbol starting with
/// ``markerPrefix``, the analogue of Mach-O's `MH_APP_EXTENSION_SAFE` flag.
public enum ExtensionSafety {
    /// The modules an extension may not use, with why: Apple's `NS_EXTENSION_UNAVAILABLE`.
    public static let unavailableModules: [(name: String, why: String)] = [
        ("ExtensionHost", "it finds, launches and serves extensions"),
        ("ExtensionRegistry", "it installs apps and writes the registry"),
        ("PhotoLibrary", "it hosts photo editing extensions and keeps their edits"),
        ("ShareSheetWeb", "it hosts extensions in a browser: the share sheet and the Today dashboard"),
        ("WebPages", "it drives the browser that preprocesses pages for extensions"),
        ("AppexCLI", "it is the appex command"),
    ]

    /// The start of the symbol a target built with the plugin exports.
    public static let markerPrefix = "appex_application_extension_safe"

    /// The unavailable module a linked symbol belongs to, from its Swift mangling: a symbol
    /// declared in the module starts `$s<length><name>`, and one of its extensions to another
    /// module's type holds `<length><name>E`.
    static func unavailableModule(of symbol: Substring) -> String? {
        guard symbol.hasPrefix("$s") else { return nil }
        for (name, _) in unavailableModules {
            let mangled = "\(name.utf8.count)\(name)"
            if symbol.dropFirst(2).hasPrefix(mangled) || symbol.contains(mangled + "E") { return name }
        }
        return nil
    }

    /// Whether `symbol` is declared directly in `module` with a name that needs no
    /// demangling: `$s13ExtensionHost16ExtensionCatalogV…`, not a word substitution
    /// (`09InstalledA0V`) or an extension of another module's type.
    static func readsPlainly(_ symbol: String, module: String) -> Bool {
        let prefix = "$s\(module.utf8.count)\(module)"
        guard symbol.hasPrefix(prefix) else { return false }
        let rest = symbol.dropFirst(prefix.count)
        return rest.first.map { $0 != "0" && $0.isASCII && $0.isNumber } ?? false
    }

    /// `ExtensionHost.ExtensionCatalog` for `$s13ExtensionHost16ExtensionCatalogV…`: the
    /// module and the first name after it, for messages.
    static func readableName(of symbol: Substring, module: String) -> String {
        let mangled = "\(module.utf8.count)\(module)"
        guard let range = symbol.range(of: mangled) else { return module }
        let rest = symbol[range.upperBound...]
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard let length = Int(digits), length > 0 else { return module }
        let name = rest.dropFirst(digits.count).prefix(length)
        return name.count == length ? "\(module).\(name)" : module
    }
}
