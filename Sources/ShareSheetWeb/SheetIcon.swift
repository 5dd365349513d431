import Foundation

/// An extension's icon as the page shows it.
struct SheetIcon: Sendable {
    var body: String
    var type: String

    /// A generated monogram: the name's first letter on a colour chosen from `seed`, so
    /// the same extension always gets the same colour.
    static func monogram(name: String, seed: String) -> SheetIcon {
        let letter = name.first.map { String($0).uppercased() } ?? "?"
        let hue = seed.unicodeScalars.reduce(UInt32(7)) { ($0 &* 31 &+ $1.value) } % 360
        let escaped = letter.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="hsl(\(hue),55%,45%)"/>\
            <text x="32" y="43" font-family="sans-serif" font-size="30" font-weight="600" fill="#fff" text-anchor="middle">\(escaped)</text></svg>
            """
        return SheetIcon(body: svg, type: "image/svg+xml")
    }
}
