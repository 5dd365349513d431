/// Which identifiers may name a folder in the home: bundle and app-group identifiers become
/// path components (`Applications/<id>/`, `Containers/Data/<id>/`), so they are checked
/// before anything is written.
enum BundleIdentifierRules {
    /// Letters, digits, `.`, `-` and `_`; not empty, not starting with a dot, at most 255
    /// bytes. Apple allows fewer characters (no `_`); Appex accepts `_` for ported code.
    static func isValid(_ identifier: String) -> Bool {
        guard !identifier.isEmpty, identifier.utf8.count <= 255, !identifier.hasPrefix(".") else { return false }
        return identifier.unicodeScalars.allSatisfy { s in
            s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "." || s == "-" || s == "_")
        }
    }
}
