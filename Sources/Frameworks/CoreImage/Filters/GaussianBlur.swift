import Foundation
import Imaging

extension FilterDefinition {
    /// CIGaussianBlur: "Spreads source pixels by an amount specified by a Gaussian
    /// distribution"; radius: "The radius of the blur, in pixels" (Apple, Core Image Filter
    /// Reference, CIGaussianBlur; CIGaussianBlur.radius).
    ///
    /// Apple gives no formula for the kernel. Appex takes the radius as the Gaussian's
    /// standard deviation, σ = radius — the reading that agrees with `CIImage`'s own
    /// `applyingGaussianBlur(sigma:)`, whose documentation returns the image unchanged for
    /// σ below 0.16, as Appex does for such radii. Each pixel becomes
    /// Σ G(dx) G(dy) · pixel(x + dx, y + dy), G(d) ∝ e^(−d² / 2σ²) summing to 1, in linear
    /// light on premultiplied colour (Core Image's working space), outside the image
    /// transparent black. The blur spreads past the edges: the extent grows by ⌈3σ⌉ pixels
    /// on every side (Appex's choice of where the kernel, 1.1% of its peak there, stops
    /// showing; Apple does not say), so crop to the input's extent for a same-size result.
    /// Attributes as iOS reports them: default 10, identity 0, minimum 0, slider 0…100.
    static let gaussianBlur = FilterDefinition(
        name: "CIGaussianBlur", displayName: "Gaussian Blur",
        categories: [kCICategoryBlur, kCICategoryStillImage, kCICategoryVideo, kCICategoryBuiltIn],
        inputs: [
            FilterInput(key: kCIInputRadiusKey, displayName: "Radius", type: kCIAttributeTypeScalar,
                        description: "The radius determines how many pixels are used to create the blur. The larger the radius, the blurrier the result.",
                        defaultValue: 10, identity: 0, minimum: 0, sliderMinimum: 0, sliderMaximum: 100),
        ],
        apply: { image, arguments in
            let sigma = arguments[kCIInputRadiusKey]
            guard sigma >= 0.16 else { return image }
            let margin = Int((3 * sigma).rounded(.up))
            return image.appending(.gaussianBlur(sigma: sigma, margin: margin),
                                   extent: image.extent.insetBy(dx: -CGFloat(margin), dy: -CGFloat(margin)))
        })
}
