import ExtensionManifest

/// What the share sheet shows for one share: the eligible extensions in the user's order,
/// and every other installed extension of the point with the reason it was left out.
public struct ShareResolution: Sendable {
    /// An extension left out, and why.
    public struct Exclusion: Sendable {
        /// Why an extension is left out, for a sheet that offers the user's switches: only
        /// ``disabledByUser`` ones can be switched back on into the sheet.
        public enum Cause: String, Sendable, Hashable, CaseIterable {
            /// The user disabled it (`appex disable ID`); its rule's decision is kept in
            /// ``Exclusion/decision``, so enabling it needs no new resolution.
            case disabledByUser = "disabled-by-user"
            /// Its activation rule does not accept the items.
            case activationRule = "activation-rule"
            /// The host left it out (`excludedActivityTypes`, `appex share --exclude`).
            case excludedByHost = "excluded-by-host"
        }

        /// The extension.
        public var installed: InstalledExtension
        /// One line: "disabled by the user", or the activation rule's summary (made when
        /// first read: a share decides every rule and shows few reasons).
        public var reason: String {
            get { givenReason ?? decision?.summary ?? "" }
            set { givenReason = newValue }
        }
        private var givenReason: String?
        /// Why it was left out.
        public var cause: Cause
        /// The activation decision with its trace, when the rule was evaluated (for every
        /// exclusion ``ExtensionHost/resolve(_:point:)`` makes, disabled ones included).
        public var decision: ActivationDecision?

        /// An exclusion of `installed` for `cause`, described by `reason`.
        public init(installed: InstalledExtension, reason: String, cause: Cause, decision: ActivationDecision? = nil) {
            self.installed = installed
            self.givenReason = reason
            self.cause = cause
            self.decision = decision
        }

        /// An exclusion by `installed`'s activation rule, its reason the decision's summary.
        package init(installed: InstalledExtension, excludedBy decision: ActivationDecision) {
            self.installed = installed
            self.cause = .activationRule
            self.decision = decision
        }
    }

    /// The extension point asked for.
    public var point: String
    /// The extensions the user may pick, in the user's order.
    public var eligible: [InstalledExtension]
    /// The decisions for the eligible ones, by identifier (for `--explain`).
    public var decisions: [String: ActivationDecision]
    /// The others, in the user's order.
    public var excluded: [Exclusion]

    /// A resolution; ``ExtensionHost/resolve(_:point:)`` makes them.
    public init(point: String, eligible: [InstalledExtension] = [], decisions: [String: ActivationDecision] = [:],
                excluded: [Exclusion] = []) {
        self.point = point
        self.eligible = eligible
        self.decisions = decisions
        self.excluded = excluded
    }
}

extension ShareResolution.Exclusion {
    /// The reason given for an extension the user disabled.
    static func disabledReason(_ identifier: String) -> String {
        "disabled by the user (appex enable \(identifier))"
    }

    /// The reason given for an extension the host left out.
    static let hostReason = "excluded by the host (excludedActivityTypes, appex share --exclude)"
}
