import ExtensionHost

/// The condition of an installed app or extension against its copy on disk and its seal.
public enum InstalledCondition: String, Codable, Hashable, Sendable {
    /// Every sealed file is as installed.
    case intact
    /// Installed before seals existed: nothing to check it against (install it again).
    case unsealed
    /// Readable, but files differ from the seal, were added or are missing.
    case modified
    /// Cannot be read: its folder, Info.plist or executable is gone or broken.
    case damaged
}

/// Every installed app and extension with its condition: what `appex list` and
/// `appex doctor` show, and what the host may run.
public struct RegistryInventory: Sendable {
    /// An installed app.
    public struct Application: Sendable {
        public var identifier: String
        public var displayName: String
        /// The installed `.app`, relative to the home.
        public var bundlePath: String
        public var condition: InstalledCondition
        /// Why the condition is not intact, naming files.
        public var problems: [String]
    }

    /// An installed extension.
    public struct Extension: Sendable {
        public var identifier: String
        public var applicationIdentifier: String
        /// The extension point identifier, as recorded.
        public var point: String
        public var displayName: String
        public var isEnabled: Bool
        public var position: Int?
        /// The installed `.appex`, relative to the home.
        public var bundlePath: String
        public var condition: InstalledCondition
        /// Why the condition is not intact, naming files.
        public var problems: [String]
        /// The extension as the host runs it; `nil` when it cannot run: it is damaged, or its
        /// executable or Info.plist is not as sealed.
        public var installed: InstalledExtension?

        /// Whether the host may run it.
        public var isLaunchable: Bool { installed != nil }
    }

    /// The apps, by identifier.
    public var applications: [Application]
    /// The extensions: the launchable ones in the user's order, then the others by identifier.
    public var extensions: [Extension]

    /// The extensions a host may run, in the user's order.
    public var launchable: [InstalledExtension] { extensions.compactMap(\.installed) }

    /// The extensions left out of every share, with why.
    public var unavailable: [Extension] { extensions.filter { !$0.isLaunchable } }
}

/// How much of each installed copy ``ExtensionRegistry/inventory(checking:)`` looks at.
public enum SealCheckDepth: Sendable {
    /// Each extension's launch files (one `lstat` each): what a share needs.
    case launchFiles
    /// Every file, and the folders for added ones (an `lstat` per file; a file whose
    /// fingerprint changed is hashed): what `appex list` and `appex doctor` show.
    case allFiles
}
