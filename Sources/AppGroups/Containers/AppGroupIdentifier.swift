/// The rules for app-group identifiers.
///
/// Apple requires iOS group identifiers to begin with `group.`. Appex requires that on
/// every platform, and also that the rest be a plain name (letters, digits, `-`, `_` and
/// `.`, no empty component), because the identifier names a folder:
/// `Containers/Shared/AppGroup/<group>/`.
public enum AppGroupIdentifier {
    /// The prefix every app-group identifier starts with.
    public static let prefix = "group."

    /// Whether `identifier` is a valid app-group identifier.
    public static func isValid(_ identifier: String) -> Bool {
        guard identifier.hasPrefix(prefix), identifier.utf8.count <= 255 else { return false }
        let name = identifier.dropFirst(prefix.count)
        guard !name.isEmpty else { return false }
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".": true
            default: false
            }
        }
        return allowed && !name.split(separator: ".", omittingEmptySubsequences: false).contains { $0.isEmpty }
    }

    /// Throws ``AppGroupError/Code/invalidGroupIdentifier`` unless `identifier` is valid.
    static func validate(_ identifier: String) throws(AppGroupError) {
        guard isValid(identifier) else {
            throw AppGroupError(.invalidGroupIdentifier, "'\(identifier)' is not an app-group identifier: "
                                + "it must start with 'group.' followed by letters, digits, '-', '_' and '.'")
        }
    }
}
