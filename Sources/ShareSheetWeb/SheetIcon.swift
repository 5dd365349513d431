import AppExtensions
import ExtensionHost
import Foundation
import Imaging

/// An extension's icon as the page shows it.
struct SheetIcon: Sendable {
    var body: Data
    var type: String

    /// The bundle's own icon file (``InstalledExtension/iconFileURL()``), made a 128-pixel
    /// PNG by libvips (which also proves it is an image); else a monogram.
    static func of(_ installed: InstalledExtension) async -> SheetIcon {
        await Offload.perform {
            if let file = installed.iconFileURL(), let png = Thumbnailer.png(of: file, size: 128) {
                return SheetIcon(body: png, type: "image/png")
            }
            return monogram(name: installed.displayName, seed: installed.identifier)
        }
    }

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
        return SheetIcon(body: Data(svg.utf8), type: "image/svg+xml")
    }
}
