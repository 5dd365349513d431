extension InstalledExtension {
    /// The user's order, as a catalog lists extensions: positions first (0 first), then
    /// the unordered ones by display name (case-insensitively), then by identifier.
    public static func userOrder(_ a: InstalledExtension, _ b: InstalledExtension) -> Bool {
        switch (a.position, b.position) {
        case let (x?, y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default:
            let (m, n) = (a.displayName.lowercased(), b.displayName.lowercased())
            return m != n ? m < n : a.identifier < b.identifier
        }
    }
}
