import AppexCLI
import Foundation
import Imaging
import Testing

/// A widget's image on a terminal: half blocks in 24-bit colour, from what libvips decodes,
/// and nothing decoded for an image whose header declares too many pixels.
@Suite("Widget images on a terminal")
struct TerminalPictureTests {
    @Test("each cell is two pixels: the upper one in front, the lower one behind; the picture is centred")
    func cells() {
        // 2 × 3 pixels: red, green / blue, white / black, grey.
        let pixels = Thumbnailer.Pixels(width: 2, height: 3, rgb: [255, 0, 0, 0, 255, 0,
                                                                    0, 0, 255, 255, 255, 255,
                                                                    0, 0, 0, 128, 128, 128])
        let lines = TerminalPicture.draw(pixels, width: 6)
        #expect(lines == [
            "  \u{1b}[38;2;255;0;0m\u{1b}[48;2;0;0;255m▀\u{1b}[38;2;0;255;0m\u{1b}[48;2;255;255;255m▀\u{1b}[0m  ",
            // The last row has no pixel below it: the terminal's own background shows.
            "  \u{1b}[38;2;0;0;0m▀\u{1b}[38;2;128;128;128m▀\u{1b}[0m  ",
        ])
    }

    /// Examples/Darkroom/Sample.jpg.
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/Darkroom/Sample.jpg")

    @Test("a real JPEG fits the card's width and six rows, its proportions kept")
    func photo() throws {
        let data = try Data(contentsOf: Self.sample)
        let pixels = try #require(Thumbnailer.pixels(of: data, fitting: 40, by: TerminalPicture.rows * 2))
        #expect(pixels.width <= 40 && pixels.height <= 12 && (pixels.width == 40 || pixels.height == 12))
        #expect(pixels.rgb.count == pixels.width * pixels.height * 3)
        let lines = try #require(TerminalPicture.lines(of: data, width: 40))
        #expect(lines.count == (pixels.height + 1) / 2)
        #expect(lines.allSatisfy { $0.filter { $0 == "▀" }.count == pixels.width })
    }

    /// A PNG's signature and a well-formed header (its CRC right) declaring `width` ×
    /// `height`, and no pixels.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var chunk = Data("IHDR".utf8)
        for value in [width, height] { withUnsafeBytes(of: value.bigEndian) { chunk.append(contentsOf: $0) } }
        chunk.append(contentsOf: [8, 2, 0, 0, 0])
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + chunk
        withUnsafeBytes(of: crc32(chunk).bigEndian) { data.append(contentsOf: $0) }
        return data
    }

    /// PNG's CRC-32 (ISO 3309) of `bytes`.
    static func crc32(_ bytes: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test("the pixel cap is read from the header: over it, nothing is decoded")
    func cap() throws {
        let data = try Data(contentsOf: Self.sample)
        #expect(Thumbnailer.pixels(of: data, fitting: 40, by: 12) != nil)
        #expect(Thumbnailer.pixels(of: data, fitting: 40, by: 12, maximumPixels: 100) == nil)
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let name: String
        let data: Data
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "a header declaring 30000 × 30000 pixels (nothing decoded)", data: pngHeader(width: 30_000, height: 30_000)),
        Refusal(name: "a header without pixels", data: pngHeader(width: 16, height: 16)),
        Refusal(name: "not an image", data: Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8.prefix(8))),
        Refusal(name: "nothing", data: Data()),
    ]

    @Test("what cannot be drawn is described instead", arguments: refusals)
    func refused(_ refusal: Refusal) {
        #expect(TerminalPicture.lines(of: refusal.data, width: 40) == nil)
    }
}
