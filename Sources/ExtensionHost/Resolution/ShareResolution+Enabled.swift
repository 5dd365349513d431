extension ShareResolution {
    /// The resolution with the user's switch for `identifier` applied, without resolving
    /// again (the sheet's enable switches, Apple's "More" list):
    ///
    /// - disabling an eligible extension moves it to ``excluded`` (cause
    ///   ``Exclusion/Cause/disabledByUser``, its decision kept);
    /// - enabling a disabled one moves it to ``eligible`` when its stored decision is
    ///   eligible, in the user's order (``InstalledExtension/userOrder(_:_:)``), else
    ///   leaves it excluded with the rule's summary (cause ``Exclusion/Cause/activationRule``);
    /// - disabling one its rule excludes makes the cause ``Exclusion/Cause/disabledByUser``;
    /// - one the host excluded stays excluded by the host.
    ///
    /// Every record of the extension gets `isEnabled = enabled`; ``decisions`` keeps
    /// exactly the eligible ones. An identifier that names nothing changes nothing.
    public func settingEnabled(_ enabled: Bool, for identifier: String) -> ShareResolution {
        var resolution = self
        if let index = eligible.firstIndex(where: { $0.identifier == identifier }) {
            resolution.eligible[index].isEnabled = enabled
            guard !enabled else { return resolution }
            let installed = resolution.eligible.remove(at: index)
            let decision = resolution.decisions.removeValue(forKey: identifier)
            resolution.insertExcluded(Exclusion(installed: installed, reason: Exclusion.disabledReason(identifier),
                                                cause: .disabledByUser, decision: decision))
            return resolution
        }
        guard let index = excluded.firstIndex(where: { $0.installed.identifier == identifier }) else { return self }
        var exclusion = excluded[index]
        exclusion.installed.isEnabled = enabled
        switch (exclusion.cause, enabled) {
        case (.excludedByHost, _), (.activationRule, true), (.disabledByUser, false):
            break
        case (.activationRule, false):
            exclusion.cause = .disabledByUser
            exclusion.reason = Exclusion.disabledReason(identifier)
        case (.disabledByUser, true):
            guard let decision = exclusion.decision, decision.isEligible else {
                exclusion.cause = .activationRule
                exclusion.reason = exclusion.decision?.summary ?? "the activation rule was not evaluated for this share"
                break
            }
            resolution.excluded.remove(at: index)
            let position = resolution.eligible.firstIndex { InstalledExtension.userOrder(exclusion.installed, $0) } ?? resolution.eligible.endIndex
            resolution.eligible.insert(exclusion.installed, at: position)
            resolution.decisions[identifier] = decision
            return resolution
        }
        resolution.excluded[index] = exclusion
        return resolution
    }

    /// Inserts `exclusion` before the first excluded extension that follows it in the user's order.
    private mutating func insertExcluded(_ exclusion: Exclusion) {
        let position = excluded.firstIndex { InstalledExtension.userOrder(exclusion.installed, $0.installed) } ?? excluded.endIndex
        excluded.insert(exclusion, at: position)
    }
}
