import Foundation

/// Number formatting for the reports.
enum Formatting {
    /// Nanoseconds with a unit chosen for readability: `3.21 ns`, `412 ns`, `12.3 µs`, `4.56 ms`.
    static func duration(_ ns: Double?) -> String {
        guard let ns else { return "–" }
        switch ns {
        case ..<10: return String(format: "%.2f ns", ns)
        case ..<1_000: return String(format: "%.0f ns", ns)
        case ..<10_000: return String(format: "%.2f µs", ns / 1_000)
        case ..<1_000_000: return String(format: "%.1f µs", ns / 1_000)
        default: return String(format: "%.2f ms", ns / 1_000_000)
        }
    }

    /// A ratio such as `12.3x`; `–` when absent.
    static func ratio(_ value: Double?) -> String {
        guard let value else { return "–" }
        return value >= 100 ? String(format: "%.0fx", value) : String(format: "%.2fx", value)
    }

    /// A fraction as a whole percentage, such as `7%`.
    static func percent(_ value: Double) -> String {
        String(format: "%.0f%%", value * 100)
    }

    /// The geometric mean of positive values; `nil` for none.
    static func geometricMean(_ values: [Double]) -> Double? {
        let positive = values.filter { $0 > 0 }
        guard !positive.isEmpty else { return nil }
        return exp(positive.map { log($0) }.reduce(0, +) / Double(positive.count))
    }
}
