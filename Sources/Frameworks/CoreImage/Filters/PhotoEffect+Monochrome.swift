import Imaging

extension FilterDefinition {
    /// CIPhotoEffectMono — Apple: "black-and-white photography film with low contrast".
    /// Appex: Rec. 709's grey, then contrast 0.8.
    static let photoEffectMono = photoEffect("CIPhotoEffectMono", displayName: "Photo Effect Mono",
                                             ColorMatrix.saturation(0).then(.contrast(0.8)))

    /// CIPhotoEffectNoir — Apple: "black-and-white photography film with exaggerated
    /// contrast". Appex: Rec. 709's grey, then contrast 1.5.
    static let photoEffectNoir = photoEffect("CIPhotoEffectNoir", displayName: "Photo Effect Noir",
                                             ColorMatrix.saturation(0).then(.contrast(1.5)))

    /// CIPhotoEffectTonal — Apple: "black-and-white photography film without significantly
    /// altering contrast". Appex: Rec. 709's grey alone.
    static let photoEffectTonal = photoEffect("CIPhotoEffectTonal", displayName: "Photo Effect Tonal",
                                              ColorMatrix.saturation(0))
}
