import ExtensionManifest

/// What the share sheet shows for one share: the eligible extensions in the user's order,
/// and every other installed extension of the point with the reason it was left out.
public struct ShareResolution: Sendable {
    /// An extension left out, and why.
    public struct Exclusion: Sendable {
        /// The extension.
        public var installed: InstalledExtension
        /// One line: "disabled by the user", or the activation rule's summary.
        public var reason: String
        /// The activation decision with its trace, when the rule was evaluated.
        public var decision: ActivationDecision?
    }

    /// The extension point asked for.
    public var point: String
    /// The extensions the user may pick, in the user's order.
    public var eligible: [InstalledExtension]
    /// The decisions for the eligible ones, by identifier (for `--explain`).
    public var decisions: [String: ActivationDecision]
    /// The others, in the user's order.
    public var excluded: [Exclusion]
}
