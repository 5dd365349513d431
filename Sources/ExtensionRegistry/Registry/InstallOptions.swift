/// How ``ExtensionRegistry/install(appAt:options:)`` treats a bundle.
public struct InstallOptions: Hashable, Sendable {
    /// Install extensions whose identifier does not start with the app's, or whose versions
    /// differ from the app's (lint errors otherwise; docs/ACTIVATION.md, ruling 19).
    public var allowMismatch: Bool

    /// Creates options.
    public init(allowMismatch: Bool = false) {
        self.allowMismatch = allowMismatch
    }
}
