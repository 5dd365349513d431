/// An affine colour function: out = matrix × (r, g, b) + bias, applied to the sRGB-encoded
/// values or in linear light. Steps are not clamped, so values outside 0…1 carry on.
package struct ColorMatrix: Hashable, Sendable {
    /// Where the function applies.
    package enum Space: Hashable, Sendable {
        /// To the sRGB-encoded values, as stored in 8-bit files.
        case encoded
        /// To linear light: the sRGB encoding is removed before and put back after.
        case linear
    }

    /// 3 × 3, row by row: row i gives output channel i.
    package var matrix: [Double]
    /// Added to each output channel.
    package var bias: [Double]
    /// Where the function applies.
    package var space: Space

    /// A function of `matrix` (9 values, row by row) and `bias` (3 values).
    package init(matrix: [Double], bias: [Double] = [0, 0, 0], space: Space = .encoded) {
        precondition(matrix.count == 9 && bias.count == 3, "a colour matrix is 3 × 3 plus 3 biases")
        self.matrix = matrix
        self.bias = bias
        self.space = space
    }

    /// The identity.
    package static let identity = ColorMatrix(matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// Every channel multiplied by `factor`.
    package static func scale(_ factor: Double, space: Space = .encoded) -> ColorMatrix {
        ColorMatrix(matrix: [factor, 0, 0, 0, factor, 0, 0, 0, factor], space: space)
    }

    /// Each channel multiplied by its own factor.
    package static func scale(red: Double, green: Double, blue: Double) -> ColorMatrix {
        ColorMatrix(matrix: [red, 0, 0, 0, green, 0, 0, 0, blue])
    }

    /// `weights` · (r, g, b) in every channel: a grey of that luma.
    package static func gray(weights: [Double]) -> ColorMatrix {
        ColorMatrix(matrix: weights + weights + weights)
    }

    /// The function that applies `self`, then `next` (both in the same space).
    package func then(_ next: ColorMatrix) -> ColorMatrix {
        precondition(space == next.space, "colour matrices compose only in the same space")
        var product = [Double](repeating: 0, count: 9)
        var shifted = next.bias
        for row in 0..<3 {
            for column in 0..<3 {
                product[row * 3 + column] = (0..<3).reduce(0) { $0 + next.matrix[row * 3 + $1] * matrix[$1 * 3 + column] }
                shifted[row] += next.matrix[row * 3 + column] * bias[column]
            }
        }
        return ColorMatrix(matrix: product, bias: shifted, space: space)
    }

    /// A mix of `self` (weight `amount`) and `other` (weight 1 − `amount`).
    package func mixed(with other: ColorMatrix, amount: Double) -> ColorMatrix {
        ColorMatrix(matrix: zip(matrix, other.matrix).map { amount * $0 + (1 - amount) * $1 },
                    bias: zip(bias, other.bias).map { amount * $0 + (1 - amount) * $1 }, space: space)
    }
}
