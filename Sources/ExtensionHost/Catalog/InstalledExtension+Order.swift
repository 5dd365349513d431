extension InstalledExtension {
    /// The user's order, as a catalog lists extensions: positions first (0 first), then
    /// the unordered ones by display name (case-insensitively), then by identifier.
    public static func userOrder(_ a: InstalledExtension, _ b: InstalledExtension) -> Bool {
        precedes(a, a.displayName.lowercased(), b, b.displayName.lowercased())
    }

    /// `extensions` in the user's order, each name folded once rather than per comparison
    /// (a catalog of a thousand sorts with this).
    public static func inUserOrder(_ extensions: [InstalledExtension]) -> [InstalledExtension] {
        extensions.map { ($0, $0.displayName.lowercased()) }.sorted { precedes($0.0, $0.1, $1.0, $1.1) }.map(\.0)
    }

    private static func precedes(_ a: InstalledExtension, _ aName: String, _ b: InstalledExtension, _ bName: String) -> Bool {
        switch (a.position, b.position) {
        case let (x?, y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: return aName != bName ? aName < bName : a.identifier < b.identifier
        }
    }
}
