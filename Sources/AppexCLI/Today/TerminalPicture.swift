import Foundation
import Imaging
import Synchronization

/// A widget's image drawn on a terminal: each cell an upper half block (▀) whose
/// foreground is one pixel and background the pixel below, in 24-bit colour, so a cell
/// holds two square pixels. libvips decodes and shrinks the image (Thumbnailer.pixels),
/// refusing one whose header declares more than 16 megapixels.
package enum TerminalPicture {
    /// The most rows a picture takes.
    package static let rows = 6

    /// The picture of `data` as lines of exactly `width` columns (centred), at most
    /// ``rows`` tall; `nil` when it cannot be drawn. Kept for the next redraw: the
    /// dashboard draws every card again on each key.
    package static func lines(of data: Data, width: Int) -> [String]? {
        let key = Key(data: data, width: width)
        if let kept = cache.withLock({ $0[key] }) { return kept }
        guard let pixels = Thumbnailer.pixels(of: data, fitting: width, by: rows * 2) else { return nil }
        let drawn = draw(pixels, width: width)
        cache.withLock { cache in
            if cache.count >= 32 { cache.removeAll() }
            cache[key] = drawn
        }
        return drawn
    }

    /// `pixels` as half-block lines, centred in `width` columns.
    package static func draw(_ pixels: Thumbnailer.Pixels, width: Int) -> [String] {
        let left = max(0, (width - pixels.width) / 2)
        let right = max(0, width - pixels.width - left)
        return stride(from: 0, to: pixels.height, by: 2).map { y in
            var line = String(repeating: " ", count: left)
            for x in 0..<pixels.width {
                let top = pixels.color(x: x, y: y)
                line += "\u{1b}[38;2;\(top.red);\(top.green);\(top.blue)m"
                if y + 1 < pixels.height {
                    let bottom = pixels.color(x: x, y: y + 1)
                    line += "\u{1b}[48;2;\(bottom.red);\(bottom.green);\(bottom.blue)m"
                }
                line += "▀"
            }
            return line + "\u{1b}[0m" + String(repeating: " ", count: right)
        }
    }

    private struct Key: Hashable {
        let data: Data
        let width: Int
    }

    private static let cache = Mutex<[Key: [String]]>([:])
}
