import Foundation

/// Reads an image's format and pixel size from its header, without decoding it.
enum ImageHeader {
    /// The format and size of `data`, or `nil` when it is not a PNG, JPEG, GIF or BMP or its
    /// header is cut short.
    static func read(_ data: Data) -> (UIImage.Format, CGSize)? {
        let bytes = [UInt8](data.prefix(64 * 1024))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return png(bytes).map { (.png, $0) }
        }
        if bytes.starts(with: [0xFF, 0xD8]) { return jpeg(bytes).map { (.jpeg, $0) } }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
            return gif(bytes).map { (.gif, $0) }
        }
        if bytes.starts(with: Array("BM".utf8)) { return bmp(bytes).map { (.bmp, $0) } }
        return nil
    }

    /// IHDR, the first chunk: width and height, big-endian, at 16 and 20.
    private static func png(_ bytes: [UInt8]) -> CGSize? {
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        return size(bigEndian32(bytes, 16), bigEndian32(bytes, 20))
    }

    /// The logical screen: width and height, little-endian, at 6 and 8.
    private static func gif(_ bytes: [UInt8]) -> CGSize? {
        guard bytes.count >= 10 else { return nil }
        return size(Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
    }

    /// BITMAPINFOHEADER: width and height, little-endian 32-bit at 18 and 22 (the height is
    /// negative for top-down bitmaps).
    private static func bmp(_ bytes: [UInt8]) -> CGSize? {
        guard bytes.count >= 26 else { return nil }
        let width = Int32(bitPattern: littleEndian32(bytes, 18))
        let height = Int32(bitPattern: littleEndian32(bytes, 22))
        return size(Int(width), Int(height.magnitude))
    }

    /// The first start-of-frame segment (SOF0–SOF15 but DHT, JPG and DAC): height and width,
    /// big-endian, after the segment length and the sample precision.
    private static func jpeg(_ bytes: [UInt8]) -> CGSize? {
        var index = 2
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }
            // Markers without a length: TEM, RST0–7, SOI, EOI.
            if marker == 0x01 || (0xD0...0xD9).contains(marker) { index += 2; continue }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard index + 9 <= bytes.count else { return nil }
                let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                return size(width, height)
            }
            index += 2 + length
        }
        return nil
    }

    private static func size(_ width: Int, _ height: Int) -> CGSize? {
        guard width > 0, height > 0 else { return nil }
        return CGSize(width: width, height: height)
    }

    private static func bigEndian32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }

    private static func littleEndian32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
}
