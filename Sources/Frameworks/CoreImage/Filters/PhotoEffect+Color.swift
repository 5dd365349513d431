import Imaging

extension FilterDefinition {
    /// CIPhotoEffectChrome — Apple: "vintage photography film with exaggerated color" (the
    /// reference), "with higher contrast" (`photoEffectChrome()`). Appex: saturation 1.3, then
    /// contrast 1.15.
    static let photoEffectChrome = photoEffect("CIPhotoEffectChrome", displayName: "Photo Effect Chrome",
                                               ColorMatrix.saturation(1.3).then(.contrast(1.15)))

    /// CIPhotoEffectFade — Apple: "vintage photography film with diminished color". Appex:
    /// saturation 0.6, then the tones squeezed into 0.1…0.9 (`0.1 + 0.8 × colour`: lifted
    /// blacks, dimmed whites, a faded print).
    static let photoEffectFade = photoEffect("CIPhotoEffectFade", displayName: "Photo Effect Fade",
                                             ColorMatrix.saturation(0.6).then(.tint(red: (0.8, 0.1), green: (0.8, 0.1), blue: (0.8, 0.1))))

    /// CIPhotoEffectInstant — Apple: "vintage photography film with distorted colors" (the
    /// reference), "desaturated colors" (`photoEffectInstant()`). Appex: saturation 0.75, then
    /// a warm cast with lifted blacks: red × 1.04 + 0.04, green × 1.0 + 0.02, blue × 0.9.
    static let photoEffectInstant = photoEffect("CIPhotoEffectInstant", displayName: "Photo Effect Instant",
                                                ColorMatrix.saturation(0.75).then(.tint(red: (1.04, 0.04), green: (1, 0.02), blue: (0.9, 0))))

    /// CIPhotoEffectProcess — Apple: "vintage photography film with emphasized cool colors".
    /// Appex: contrast 1.1, then a cool cast: red × 0.9, green × 1.0, blue × 1.1 + 0.02.
    static let photoEffectProcess = photoEffect("CIPhotoEffectProcess", displayName: "Photo Effect Process",
                                                ColorMatrix.contrast(1.1).then(.tint(red: (0.9, 0), green: (1, 0), blue: (1.1, 0.02))))

    /// CIPhotoEffectTransfer — Apple: "vintage photography film with emphasized warm colors".
    /// Appex: contrast 1.05, then a warm cast: red × 1.1 + 0.02, green × 1.03, blue × 0.85.
    static let photoEffectTransfer = photoEffect("CIPhotoEffectTransfer", displayName: "Photo Effect Transfer",
                                                 ColorMatrix.contrast(1.05).then(.tint(red: (1.1, 0.02), green: (1.03, 0), blue: (0.85, 0))))
}
