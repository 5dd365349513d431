import Foundation

/// The formulas the filters document, computed here on their own (nothing from the module
/// under test), on colours as 0…1 values.
enum Reference {
    /// sRGB's encoded value → linear light (IEC 61966-2-1).
    static func linear(_ encoded: Double) -> Double {
        encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }

    /// Linear light → sRGB's encoded value.
    static func encoded(_ linear: Double) -> Double {
        linear <= 0.003_130_8 ? linear * 12.92 : 1.055 * pow(linear, 1 / 2.4) - 0.055
    }

    /// Rec. 709's luma of an encoded colour.
    static func luma(_ rgb: [Double]) -> Double {
        0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    }

    /// `luma + s × (rgb − luma)`.
    static func saturate(_ rgb: [Double], _ s: Double) -> [Double] {
        let y = luma(rgb)
        return rgb.map { y + s * ($0 - y) }
    }

    /// `(rgb − 0.5) × c + 0.5`.
    static func contrast(_ rgb: [Double], _ c: Double) -> [Double] {
        rgb.map { ($0 - 0.5) * c + 0.5 }
    }

    /// The sepia matrix times the colour.
    static func sepia(_ rgb: [Double]) -> [Double] {
        [[0.393, 0.769, 0.189], [0.349, 0.686, 0.168], [0.272, 0.534, 0.131]].map { row in
            zip(row, rgb).map(*).reduce(0, +)
        }
    }

    /// `a × (1 − t) + b × t`, channel by channel.
    static func mix(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] {
        zip(a, b).map { $0 * (1 - t) + $1 * t }
    }

    /// A 0…1 value as the renderer's byte: clamped, rounded.
    static func byte(_ value: Double) -> Int {
        Int((min(max(value, 0), 1) * 255).rounded())
    }
}
