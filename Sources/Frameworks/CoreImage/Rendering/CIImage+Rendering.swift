import Foundation
import Imaging

extension CIImage {
    /// The recipe to render, or why there is nothing to render.
    func renderableRecipe() throws(CoreImageError) -> PixelRecipe {
        if let failure { throw failure }
        guard let recipe, !extent.isNull, extent.width > 0, extent.height > 0 else {
            throw CoreImageError(.emptyImage, "the image is empty: it has no pixels to render")
        }
        return recipe
    }

    /// The image rendered to 8-bit premultiplied RGBA. Blocking.
    func renderRGBA8() throws(CoreImageError) -> PixelRecipe.RGBA8 {
        let recipe = try renderableRecipe()
        let pixels: PixelRecipe.RGBA8
        do { pixels = try recipe.render() } catch { throw CoreImageError(error) }
        guard pixels.width == Int(extent.width), pixels.height == Int(extent.height) else {
            throw CoreImageError(.renderFailed, "rendered \(pixels.width) × \(pixels.height) pixels for an extent of \(extent.width) × \(extent.height)")
        }
        return pixels
    }

    /// The image rendered and encoded. Blocking.
    func encode(_ encoding: PixelRecipe.Encoding) throws(CoreImageError) -> Data {
        let recipe = try renderableRecipe()
        do { return try recipe.encode(encoding) } catch { throw CoreImageError(error) }
    }
}

extension CoreImageError {
    /// Imaging's rendering error as Core Image's, its message kept.
    init(_ error: PixelRenderError) {
        switch error.kind {
        case .unreadableSource: self.init(.unreadableImage, error.message)
        case .failed: self.init(.renderFailed, error.message)
        }
    }
}
