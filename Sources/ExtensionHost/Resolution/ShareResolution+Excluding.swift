extension ShareResolution {
    /// The resolution with the extensions named in `identifiers` left out by the host, as
    /// Apple's `excludedActivityTypes` does: they move from ``eligible`` to ``excluded``
    /// with that reason, keeping the user's order. Names that match nothing change nothing.
    public func excluding(_ identifiers: Set<String>) -> ShareResolution {
        guard !identifiers.isEmpty else { return self }
        var resolution = self
        resolution.eligible = eligible.filter { !identifiers.contains($0.identifier) }
        let removed = eligible.filter { identifiers.contains($0.identifier) }
        resolution.excluded = removed.map {
            Exclusion(installed: $0, reason: Exclusion.hostReason, cause: .excludedByHost, decision: decisions[$0.identifier])
        } + excluded
        for installed in removed { resolution.decisions.removeValue(forKey: installed.identifier) }
        return resolution
    }
}
