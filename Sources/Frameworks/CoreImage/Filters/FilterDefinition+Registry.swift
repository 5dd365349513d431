extension FilterDefinition {
    /// Every built-in filter, by name.
    static let builtIn: [String: FilterDefinition] = Dictionary(uniqueKeysWithValues: [
        sepiaTone, colorControls, exposureAdjust, gaussianBlur, vignette,
        photoEffectChrome, photoEffectFade, photoEffectInstant, photoEffectProcess, photoEffectTransfer,
        photoEffectMono, photoEffectNoir, photoEffectTonal,
    ].map { ($0.name, $0) })
}
