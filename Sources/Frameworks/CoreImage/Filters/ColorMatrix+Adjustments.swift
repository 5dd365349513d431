import Imaging

/// The colour adjustments the filters are made of, each an affine function of the
/// sRGB-encoded colour (``ColorMatrix/Space/encoded``) unless it says otherwise.
extension ColorMatrix {
    /// Rec. 709's luma weights (ITU-R BT.709: 0.2126 R + 0.7152 G + 0.0722 B), the sRGB
    /// primaries' share of luminance: the grey a colour has.
    static let rec709Luma = [0.2126, 0.7152, 0.0722]

    /// Saturation `s`: a linear mix between the colour's grey (s = 0) and the colour itself
    /// (s = 1), extrapolating beyond 1 — `luma + s × (colour − luma)`.
    static func saturation(_ s: Double) -> ColorMatrix {
        ColorMatrix.identity.mixed(with: .gray(weights: rec709Luma), amount: s)
    }

    /// Contrast `c` about mid-grey: `(colour − 0.5) × c + 0.5`.
    static func contrast(_ c: Double) -> ColorMatrix {
        ColorMatrix(matrix: ColorMatrix.scale(c).matrix, bias: Array(repeating: 0.5 * (1 - c), count: 3))
    }

    /// Brightness `b` as a bias: `colour + b`.
    static func brightness(_ b: Double) -> ColorMatrix {
        ColorMatrix(matrix: ColorMatrix.identity.matrix, bias: [b, b, b])
    }

    /// Each channel scaled and lifted: `channel × factor + lift`, a tint.
    static func tint(red: (Double, Double), green: (Double, Double), blue: (Double, Double)) -> ColorMatrix {
        ColorMatrix(matrix: ColorMatrix.scale(red: red.0, green: green.0, blue: blue.0).matrix, bias: [red.1, green.1, blue.1])
    }
}

extension CIImage {
    /// This image with every colour put through `function` (its extent unchanged).
    func applying(_ function: ColorMatrix) -> CIImage {
        appending(.colorMatrix(function), extent: extent)
    }
}
