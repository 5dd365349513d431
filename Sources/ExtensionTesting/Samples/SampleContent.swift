import Foundation
import TypeIdentifiers

/// Small, real sample content for a type identifier, for fixtures and presets.
///
/// JPEG, PNG and PDF are generated and valid (a one-pixel image, a one-page document);
/// HEIC, QuickTime and Office documents are only their format's leading bytes, enough for
/// type sniffing but not for decoding.
public enum SampleContent {
    /// The sample page URL presets share.
    public static let pageURL = URL(string: "https://www.swift.org/") ?? URL(fileURLWithPath: "/")
    /// The sample text presets share.
    public static let text = "Sample text shared from Notes."

    /// Sample bytes for `typeIdentifier`, by conformance (a `public.jpeg` subtype gets the JPEG).
    public static func data(for typeIdentifier: String, registry: TypeRegistry = .shared) -> Data {
        let table: [(String, () -> Data)] = [
            ("public.jpeg", { jpeg }),
            ("public.png", { png(red: 0x33, green: 0x66, blue: 0xCC) }),
            ("com.adobe.pdf", { pdf(text: "Appex sample") }),
            ("public.heic", { Data([0, 0, 0, 0x18]) + Data("ftypheic".utf8) + Data(count: 4) + Data("mif1heic".utf8) }),
            ("com.apple.quicktime-movie", { Data([0, 0, 0, 0x14]) + Data("ftypqt  ".utf8) + Data(count: 4) + Data("qt  ".utf8) }),
            ("org.openxmlformats.openxml", { Data([0x50, 0x4B, 0x03, 0x04]) + Data(count: 26) }),
            ("public.text", { Data(text.utf8) }),
        ]
        for (type, make) in table where registry.conforms(typeIdentifier, to: type) { return make() }
        return Data("sample \(typeIdentifier)\n".utf8)
    }

    /// A one-pixel grey baseline JPEG: one 8×8 block, one Huffman code per table.
    public static let jpeg: Data = {
        var bytes: [UInt8] = [0xFF, 0xD8]                                   // SOI
        bytes += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)   // DQT, all ones
        bytes += [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00]  // SOF0 1×1 grey
        let oneCode = [UInt8](arrayLiteral: 1) + [UInt8](repeating: 0, count: 15)
        bytes += [0xFF, 0xC4, 0x00, 0x14, 0x00] + oneCode + [0x08]          // DHT DC: category 8
        bytes += [0xFF, 0xC4, 0x00, 0x14, 0x10] + oneCode + [0x00]          // DHT AC: end of block
        bytes += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]  // SOS
        // DC code "0", DC value 128 as "10000000", AC end of block "0", padded with ones.
        bytes += [0x40, 0x3F]
        bytes += [0xFF, 0xD9]                                               // EOI
        return Data(bytes)
    }()

    /// A one-pixel RGB PNG of the given colour (stored, uncompressed deflate).
    public static func png(red: UInt8, green: UInt8, blue: UInt8) -> Data {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
        }
        let raw: [UInt8] = [0, red, green, blue]                            // filter 0, one pixel
        var zlib: [UInt8] = [0x78, 0x01, 0x01, 0x04, 0x00, 0xFB, 0xFF] + raw
        zlib += bigEndian(adler32(raw))
        let header = bigEndian(1) + bigEndian(1) + [8, 2, 0, 0, 0]          // 1×1, 8-bit RGB
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        return Data(signature + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", []))
    }

    /// A one-page PDF showing `text`, with a correct cross-reference table.
    public static func pdf(text: String) -> Data {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "(", with: "\\(").replacingOccurrences(of: ")", with: "\\)")
        let stream = "BT /F1 24 Tf 72 720 Td (\(escaped)) Tj ET"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
            "<< /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ]
        var out = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (i, body) in objects.enumerated() {
            offsets.append(out.utf8.count)
            out += "\(i + 1) 0 obj\n\(body)\nendobj\n"
        }
        let xref = out.utf8.count
        out += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { out += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n" }
        out += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(out.utf8)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return (b << 16) | a
    }
}
