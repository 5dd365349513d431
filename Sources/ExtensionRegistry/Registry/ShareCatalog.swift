import ExtensionHost

/// What a share may offer, and what it must leave out and say so
/// (``ExtensionRegistry/shareCatalog()``).
public struct ShareCatalog: Sendable {
    /// The extensions a host may run, enabled or not, in the user's order.
    public var launchable: [InstalledExtension]
    /// The recorded extensions that cannot run, by identifier, each with its condition and
    /// the problems that say why.
    public var unavailable: [RegistryInventory.Extension]

    /// A catalog of `launchable`, leaving out `unavailable`.
    public init(launchable: [InstalledExtension], unavailable: [RegistryInventory.Extension]) {
        self.launchable = launchable
        self.unavailable = unavailable
    }
}
