import Foundation

/// Image headers the UIImage stand-in reads: enough bytes to give a format and a size.
enum ImageSamples {
    /// A JPEG header with a baseline frame of `width`×`height`, then the end marker.
    static func jpeg(width: Int, height: Int) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]
        bytes += [0xFF, 0xC0, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 0x03]
        bytes += [0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
        bytes += [0xFF, 0xD9]
        return Data(bytes)
    }

    /// A PNG signature and IHDR chunk of `width`×`height`.
    static func png(width: Int, height: Int) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D] + Array("IHDR".utf8)
        for value in [width, height] {
            bytes += [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        bytes += [0x08, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]
        return Data(bytes)
    }

    /// A GIF header of `width`×`height`.
    static func gif(width: Int, height: Int) -> Data {
        Data(Array("GIF89a".utf8) + [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0x00, 0x00, 0x00])
    }

    /// A BMP header of `width`×`height`, stored top-down (a negative height).
    static func bmp(width: Int, height: Int) -> Data {
        var bytes = Array("BM".utf8) + [UInt8](repeating: 0, count: 16)
        for value in [Int32(width), -Int32(height)] {
            let bits = UInt32(bitPattern: value)
            bytes += [UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24 & 0xFF)]
        }
        return Data(bytes)
    }
}
